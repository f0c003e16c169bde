import { createClient, ErrorReply } from "redis";

export type RedisClient = ReturnType<typeof createClient>;

/** Redis settings (REDIS_COMMAND_TIMEOUT_MS): the longest a command, or a connection attempt, may take. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 2000;

/** While reconnecting, the wait between attempts grows to this, so a Redis back after a restart is found within two seconds. */
const LONGEST_RECONNECT_WAIT_MS = 2000;

/**
 * Redis did not answer: the connection is down (the client is reconnecting),
 * or a command took longer than REDIS_COMMAND_TIMEOUT_MS. The error handler
 * answers it with a 503 and Retry-After (docs/faults.md); sessions and rate
 * limits never read it as "no session" or "allowed".
 */
export class RedisUnavailableError extends Error {
  override name = "RedisUnavailableError";
}

/** The one test for "Redis is away", used by the error handler (server/http/error-handler.ts). */
export function isRedisUnavailable(error: unknown): error is RedisUnavailableError {
  return error instanceof RedisUnavailableError;
}

/**
 * A command within the deadline. The client's own options fail a command at
 * once while the connection is down (disableOfflineQueue); this bounds the
 * rest: the wait for it to be written and for its reply on a connection that
 * is open but no longer answers (a hung server, a network that drops packets
 * silently), which node-redis leaves to the socket. Redis's own refusals
 * (ErrorReply: a wrong type, a bad script) stay what they are: bugs,
 * answered as a 500.
 */
export function withinDeadline<T>(command: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new RedisUnavailableError(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const answered = command.catch((error: unknown) => {
    if (error instanceof ErrorReply) throw error;
    throw new RedisUnavailableError(`Redis is unavailable: ${(error as Error)?.message ?? String(error)}`, { cause: error });
  });
  return Promise.race([answered, deadline]).finally(() => clearTimeout(timer));
}

/** Where the client connects, without the password REDIS_URL may carry: for log lines. */
function redisAddress(url: string): string {
  const { host } = new URL(url);
  return host || "localhost:6379";
}

/**
 * A connected Redis client, or a RedisUnavailableError naming the address
 * when the first connection fails (refused, or not made within the timeout):
 * the process then stops with that one line rather than retrying while it
 * logs errors. After that first connection, a lost connection is reported
 * once through `onError` and retried without end (waits growing to 2 s), and
 * commands fail at once meanwhile instead of queueing (disableOfflineQueue):
 * the requests answer 503 and the site serves again as soon as Redis is back.
 */
export async function connectRedis(
  url: string,
  options: {
    commandTimeoutMs: number;
    /** The first error of each outage (not every failed attempt to reconnect). */
    onError: (error: Error) => void;
    onReconnected?: () => void;
  },
): Promise<RedisClient> {
  let connected = false;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    // No commandOptions.timeout: every command goes through withinDeadline, whose one timer bounds the wait to be
    // written and the wait for the reply together. node-redis's own makes an AbortSignal.timeout per command, which a
    // profile of a member's page on Redis put at 4-5 % of its CPU (docs/performance.md).
    socket: {
      connectTimeout: options.commandTimeoutMs,
      // false while starting: connect() then rejects with the cause instead of retrying.
      reconnectStrategy: (retries) => (connected ? Math.min(100 * 2 ** retries, LONGEST_RECONNECT_WAIT_MS) : false),
    },
  });
  let down = false;
  client.on("error", (error: Error) => {
    if (!connected || down) return;
    down = true;
    options.onError(error);
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    options.onReconnected?.();
  });
  try {
    // Within the deadline as a whole: connectTimeout bounds the TCP connect, not the handshake after it (a server that accepts and never answers).
    await withinDeadline(client.connect(), options.commandTimeoutMs);
  } catch (error) {
    if (client.isOpen) client.destroy();
    const cause = ((error as Error).cause ?? error) as { code?: string; message?: string };
    throw new RedisUnavailableError(`could not start: no answer from Redis at ${redisAddress(url)} (${cause.code ?? cause.message}); start Redis or check REDIS_URL`, {
      cause: error,
    });
  }
  connected = true;
  return client;
}
