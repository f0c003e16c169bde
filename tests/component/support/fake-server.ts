/**
 * A fetch stub for widget tests: answers each call from `answer(method, url,
 * body)` and records every call. Return "network-error" to fail the request.
 */
export interface RecordedCall {
  method: string;
  url: string;
  body: unknown;
}

export type FakeReply = { status: number; body?: unknown } | "network-error";

export function fakeServer(answer: (method: string, url: string, body: unknown) => FakeReply): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const reply = answer(call.method, call.url, call.body);
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    const text = reply.body === undefined ? "" : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status, headers: { "Content-Type": "application/json" } });
  });
  return calls;
}
