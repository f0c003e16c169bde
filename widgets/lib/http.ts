/**
 * The one HTTP client for every widget. JSON in and out, the session cookie
 * included, the CSRF token on writes, typed errors. Everything that differs
 * between backends comes from meta tags, read at call time, so the same
 * bundle runs on our server and on another site:
 *
 *   <meta name="csrf-token" content="…">            sent on writes (else a form's _csrf field)
 *   <meta name="csrf-header-name" content="X-CSRFToken">
 *   <meta name="api-base-url" content="https://…">  prefix for every path
 */

/** The server answered with a status outside 200–299. `body` is the parsed JSON (or text) it sent. */
export class HttpError extends Error {
  override name = "HttpError";
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

/** The request never got an answer: offline, DNS, CORS, connection reset. */
export class NetworkError extends Error {
  override name = "NetworkError";
}

export type Query = Record<string, string | number | undefined>;

export interface RequestOptions {
  query?: Query;
  signal?: AbortSignal;
}

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

const DEFAULT_CSRF_HEADER = "X-CSRFToken";

/*
 * Chrome logs "Failed to load resource" in red for every 4xx answer, even one
 * the widget expects and handles (a 400's field errors, a 409, a 429). So every
 * call asks the server to send a refusal as 200 with its status in
 * Refusal-Status (server/http/quiet-refusals.ts), and it is read back here as
 * the same HttpError. A server that ignores the preference answers the plain
 * status, which reads the same.
 */
const QUIET_REFUSAL_PREFERENCE = "quiet-refusal";
const REFUSAL_STATUS_HEADER = "Refusal-Status";

function metaContent(name: string): string | null {
  return document.querySelector(`meta[name="${name}"]`)?.getAttribute("content") ?? null;
}

export function buildUrl(path: string, query: Query = {}): string {
  const isAbsolute = /^[a-z][a-z\d+.-]*:/i.test(path);
  const base = isAbsolute ? "" : (metaContent("api-base-url") ?? "").replace(/\/+$/, "");
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path}${search ? (path.includes("?") ? "&" : "?") + search : ""}`;
}

function requestHeaders(method: Method, hasBody: boolean): Headers {
  const headers = new Headers({ Accept: "application/json", "X-Requested-With": "XMLHttpRequest", Prefer: QUIET_REFUSAL_PREFERENCE });
  if (hasBody) headers.set("Content-Type", "application/json");
  // The meta tag is only on pages that post or whose session holds a token; any form's _csrf field carries the same token.
  const token = metaContent("csrf-token") || document.querySelector<HTMLInputElement>('input[name="_csrf"]')?.value;
  if (method !== "GET" && token) {
    headers.set(metaContent("csrf-header-name") || DEFAULT_CSRF_HEADER, token);
  }
  return headers;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === "") return undefined;
  const isJson = (response.headers.get("Content-Type") ?? "").includes("json");
  if (!isJson) return text;
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(response.status, text, `${response.url || "The server"} sent JSON that could not be read`);
  }
}

/** The 4xx a quiet refusal stands for, if this answer is one. */
function refusalStatus(response: Response): number | null {
  const status = Number(response.headers.get(REFUSAL_STATUS_HEADER));
  return response.ok && Number.isInteger(status) && status >= 400 && status < 500 ? status : null;
}

async function request<T>(method: Method, path: string, body: unknown, options: RequestOptions = {}): Promise<T> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: requestHeaders(method, hasBody),
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: "include",
      signal: options.signal,
    });
  } catch (error) {
    // An abort is the caller's own decision, not a network failure: let it through unchanged.
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new NetworkError("We could not reach the server. Check your connection and try again.", { cause: error });
  }
  const responseBody = await readBody(response);
  const status = refusalStatus(response) ?? response.status;
  if (!response.ok || status !== response.status) {
    throw new HttpError(status, responseBody, `${method} ${path} failed with status ${status}`);
  }
  return responseBody as T;
}

export const http = {
  get: <T>(path: string, options?: RequestOptions): Promise<T> => request<T>("GET", path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    request<T>("POST", path, body, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    request<T>("PUT", path, body, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> =>
    request<T>("PATCH", path, body, options),
  delete: <T>(path: string, options?: RequestOptions): Promise<T> => request<T>("DELETE", path, undefined, options),
};
