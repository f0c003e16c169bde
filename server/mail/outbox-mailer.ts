import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { afterCommit } from "../db/transactions";
import type { MailRenderer } from "./mail-renderer";
import type { Mailer, MailRequest, SendOptions } from "./mailer";
import { addToOutbox } from "./outbox";

/**
 * The one mailer: renders the message and writes it, bodies and all, to the
 * outbox table in the caller's transaction, then, once that commits, wakes
 * this process's outbox worker, which delivers it.
 */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly options: { db: Kysely<Database>; renderer: MailRenderer; from: string; onQueued?: () => void; clock?: () => Date },
  ) {}

  async send(request: MailRequest, sendOptions: SendOptions = {}): Promise<void> {
    const { renderer, from, onQueued, clock } = this.options;
    const db = sendOptions.db ?? this.options.db;
    const rendered = renderer.render(request.template, request.context);
    await addToOutbox(db, request, rendered, { from, now: clock?.() ?? new Date() });
    if (onQueued) afterCommit(db, onQueued);
  }
}
