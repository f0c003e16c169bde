import { act, fireEvent } from "@testing-library/react";
import SearchBox from "../../../widgets/search-box/SearchBox";
import { parseSearchBox } from "../../../widgets/search-box/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

/** One request the fetch double is holding until the test answers it. */
export interface HeldRequest {
  url: string;
  answer(body: unknown, status?: number): Promise<void>;
  answerText(text: string, contentType: string): Promise<void>;
  failNetwork(): Promise<void>;
}

/**
 * A fetch double that holds every request until the test answers it, in any
 * order. It ignores abort signals on purpose: the widget must not rely on an
 * abort arriving in time to keep a stale answer out.
 */
export function holdRequests(): HeldRequest[] {
  const requests: HeldRequest[] = [];
  vi.stubGlobal(
    "fetch",
    (input: RequestInfo | URL) =>
      new Promise<Response>((resolve, reject) => {
        const reply = async (response: () => Response | Promise<never>) => {
          await act(async () => {
            try {
              resolve(await response());
            } catch (error) {
              reject(error);
            }
            await settle();
          });
        };
        requests.push({
          url: String(input),
          answer: (body, status = 200) =>
            reply(() => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } })),
          answerText: (text, contentType) => reply(() => new Response(text, { status: 200, headers: { "Content-Type": contentType } })),
          failNetwork: () => reply(() => Promise.reject(new TypeError("Failed to fetch"))),
        });
      }),
  );
  return requests;
}

/** Lets pending promise chains (reading a response body) finish. setImmediate is left real by the tests' fake timers. */
async function settle(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await new Promise((resolve) => setImmediate(resolve));
}

/** Moves the fake clock (setTimeout only) and lets React apply what happened. */
export async function wait(ms: number): Promise<void> {
  await act(async () => {
    vi.advanceTimersByTime(ms);
    await settle();
  });
}

export function mountSearchBox(params: Record<string, unknown> = {}): HTMLElement {
  const markup = renderMacro("search-box", "searchBox", { id: "site-search", variant: "header", ...params });
  return mountWidget(insertMarkup(markup, "search-box"), parseSearchBox, SearchBox).root;
}

export function hit(title: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const slug = title.toLowerCase().replace(/[^a-z]+/g, "-");
  return { objectID: `resource:${slug}`, title, url: `/resources/${slug}/`, excerpt: `About <mark>${title}</mark>`, ...extra };
}

/** Types into the field one character at a time, each a change event (as the browser sends them). */
export function typeInto(input: HTMLElement, text: string, { replace = false } = {}): void {
  const field = input as HTMLInputElement;
  field.focus();
  let value = replace ? "" : field.value;
  if (replace || text === "") fireEvent.change(field, { target: { value } });
  for (const character of text) {
    value += character;
    fireEvent.change(field, { target: { value } });
  }
}

/** Presses keys in the focused field; true when the last one was not default-prevented. */
export function press(...keys: string[]): boolean {
  let notPrevented = true;
  for (const key of keys) notPrevented = fireEvent.keyDown(document.activeElement ?? document.body, { key });
  return notPrevented;
}
