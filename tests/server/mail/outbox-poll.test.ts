import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import pino from "pino";
import { templatesDir } from "../../../server/paths";
import { createMailSystem, type MailSystem } from "../../../server/mail/create-mailer";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { until } from "./support";

/** Counts the worker's claims: the one UPDATE of mail_outbox it runs each time it looks for due messages. */
function claimCounter(): KyselyPlugin & { claims: number } {
  return {
    claims: 0,
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      const node = args.node;
      if (node.kind === "UpdateQueryNode" && JSON.stringify(node.table).includes('"mail_outbox"')) this.claims += 1;
      return node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      return args.result;
    },
  };
}

describe("the outbox worker's poll, as the app composes it", () => {
  let database: TestDatabase;
  let mail: MailSystem | undefined;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(async () => {
    await mail?.close();
    await database.dispose();
  });

  // createMailSystem passed `pollIntervalMs: undefined` through, which replaced the 5 s default, and
  // setTimeout(NaN) fires at once: every process claimed in a loop, a thousand times a second.
  it("looks for due messages once at start, then waits for the 5 s poll (no interval given)", async () => {
    const counter = claimCounter();
    mail = createMailSystem({
      config: {
        mailUrl: undefined,
        mailFrom: "Greyfriars Playhouse <no-reply@greyfriars.example>",
        staffEmail: "learning@greyfriars.example",
        publicUrl: "http://127.0.0.1:3000",
        nodeEnv: "test",
        mailFirstRetrySeconds: 30,
        mailMaxAttempts: 12,
      },
      db: database.db.withPlugin(counter),
      logger: pino({ level: "silent" }),
      templatesDir,
    });
    mail.worker.start();
    await until(async () => counter.claims, (claims) => claims >= 1);
    // Long enough for hundreds of claims had the poll not waited; far short of the 5 s one.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counter.claims).toBe(1);
  });
});
