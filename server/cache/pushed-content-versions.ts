import { listenForNotifications } from "../db/notification-connection";
import type { Logger } from "../logging";
import { contentVersionFeed, type ContentVersionFeed } from "./content-version-feed";

/** The channel migration 0029's triggers notify when a change counter moves. */
export const CONTENT_CHANGES_CHANNEL = "content_changes";

/** How the feed's connection shows in pg_stat_activity. */
export const CONTENT_CHANGES_APPLICATION_NAME = "site content changes";

/** A statement that fails unless migration 0029 has run: without its triggers nothing is ever notified. */
const TRIGGERS_PRESENT = {
  sql: "select to_regprocedure('content_changes_notify()') is not null as present",
  parameters: [],
};

/**
 * The change counters pushed over PostgreSQL's LISTEN/NOTIFY
 * (server/cache/content-version-feed.ts), on a connection of its own to `url`
 * (DATABASE_LISTEN_URL, else DATABASE_URL), logging when it goes live, when
 * it is lost and when it is back.
 */
export function postgresContentVersionFeed(options: {
  url: string;
  connectTimeoutMs: number;
  logger: Logger;
  /** Tests only: a heartbeat too slow to bring a change, so that only a notification can. */
  heartbeatMs?: number;
}): ContentVersionFeed {
  const { logger } = options;
  return contentVersionFeed({
    heartbeatMs: options.heartbeatMs,
    async connect({ onChange, onLost }) {
      const connection = await listenForNotifications({
        url: options.url,
        channel: CONTENT_CHANGES_CHANNEL,
        applicationName: CONTENT_CHANGES_APPLICATION_NAME,
        connectTimeoutMs: options.connectTimeoutMs,
        onNotification: onChange,
        onLost,
      });
      try {
        const [triggers] = await connection.query<{ present: boolean }>(TRIGGERS_PRESENT);
        if (!triggers?.present) throw new Error("the content-change triggers are missing: run the migrations (npm run migrate)");
      } catch (error) {
        await connection.close();
        throw error;
      }
      return {
        async read(query) {
          const [row] = await connection.query<{ version: number | string }>(query);
          return Number(row?.version ?? 0);
        },
        close: connection.close,
      };
    },
    onLive: () => logger.info({ channel: CONTENT_CHANGES_CHANNEL }, "content changes are pushed to this process: kept answers read no change counter from the database"),
    onLost: (error) =>
      logger.warn({ err: error }, "lost the content-change channel: kept answers read their change counters from the database until it is back"),
    onBack: () => logger.info("content-change channel back: counters re-read, kept answers follow pushed changes again"),
  });
}
