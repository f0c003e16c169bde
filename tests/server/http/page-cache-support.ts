import { createServer, request as httpRequest, type IncomingHttpHeaders, type RequestListener } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { seedFromDirectory } from "../../../server/content/seed";
import type { Database } from "../../../server/db/schema";
import { createContentDirectory } from "../content/content-directory";
import { EVENTS_YAML } from "../events/event-fixtures";
import { RESOURCES_YAML } from "../resources/resource-fixtures";

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, not decompressed. */
  body: Buffer;
}

/**
 * One request over a real socket, so the body arrives exactly as sent (supertest would decompress it), to the
 * Express app or to a plain handler (the front door).
 */
export async function rawGet(handler: RequestListener, path: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawResponse> {
  const server = createServer(handler).listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await new Promise<RawResponse>((resolve, reject) => {
      const outgoing = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      });
      outgoing.on("error", reject);
      outgoing.end();
    });
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The events and resources fixtures in one seed, and one published editor page (`/about-us/`). */
export async function seedPageCacheFixtures(db: Kysely<Database>): Promise<void> {
  const directory = createContentDirectory({ "site.yaml": "name: Test Playhouse\n", "events.yaml": EVENTS_YAML, "resources.yaml": RESOURCES_YAML });
  try {
    await seedFromDirectory(db, directory.path, { now: new Date() });
  } finally {
    directory.remove();
  }
  const now = new Date().toISOString();
  await db
    .insertInto("pages")
    .values({ slug: "about-us", title: "About us", summary: "Who we are.", body_html: "<p>First words.</p>", nav_order: null, published_at: now, updated_at: now })
    .execute();
}
