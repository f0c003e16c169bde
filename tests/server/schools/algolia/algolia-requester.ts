import type { AlgoliaRequester } from "../../../../server/schools/search/algolia/algolia-client";

/*
 * A test double at the edge: Algolia's REST API as the official client sees
 * it, answering in the documented response shapes (search, batch, settings,
 * operation, task), and recording every request sent. Nothing ranks here:
 * a search answers the hits the test sets, in the test's order.
 */

export interface SentRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
  connectTimeout: number;
  responseTimeout: number;
}

export type Fault = "timeout" | "server-error";

export interface RecordedAlgolia {
  requester: AlgoliaRequester;
  sent: SentRequest[];
  /** The hits the next searches answer, in order, as Algolia would return them. */
  hits: object[];
  /** Every request fails this way while set. */
  fault?: Fault;
}

export function recordedAlgolia(): RecordedAlgolia {
  const recorded: RecordedAlgolia = {
    sent: [],
    hits: [],
    requester: {
      async send(request) {
        const text = typeof request.data === "string" || request.data === undefined ? request.data : new TextDecoder().decode(request.data);
        const body: unknown = text ? JSON.parse(text) : undefined;
        const url = new URL(request.url);
        recorded.sent.push({ method: request.method, url, body, headers: request.headers, connectTimeout: request.connectTimeout, responseTimeout: request.responseTimeout });
        if (recorded.fault === "timeout") return { status: 0, content: "", isTimedOut: true };
        if (recorded.fault === "server-error") return { status: 503, content: JSON.stringify({ message: "Service Unavailable", status: 503 }), isTimedOut: false };
        return { status: 200, content: JSON.stringify(answerFor(request.method, url.pathname, body, recorded.hits)), isTimedOut: false };
      },
    },
  };
  return recorded;
}

const updatedAt = "2026-11-28T10:00:00.000Z";

function answerFor(method: string, path: string, body: unknown, hits: object[]): object {
  if (method === "POST" && /^\/1\/indexes\/[^/]+\/query$/.test(path)) {
    const { query, hitsPerPage } = body as { query: string; hitsPerPage: number };
    const shown = hits.slice(0, hitsPerPage);
    return { hits: shown, nbHits: hits.length, page: 0, nbPages: 1, hitsPerPage, exhaustiveNbHits: true, processingTimeMS: 1, query, params: "" };
  }
  if (method === "POST" && /^\/1\/indexes\/[^/]+\/batch$/.test(path)) {
    const { requests } = body as { requests: { body: { objectID: string } }[] };
    return { taskID: 101, objectIDs: requests.map((request) => request.body.objectID) };
  }
  if (method === "PUT" && /^\/1\/indexes\/[^/]+\/settings$/.test(path)) return { taskID: 102, updatedAt };
  if (method === "POST" && /^\/1\/indexes\/[^/]+\/operation$/.test(path)) return { taskID: 103, updatedAt };
  if (method === "GET" && /^\/1\/indexes\/[^/]+\/task\/\d+$/.test(path)) return { status: "published", pendingTask: false };
  throw new Error(`The Algolia double has no answer for ${method} ${path}`);
}
