import { debounce, type Debounced } from "./debounce";

export interface LatestRequestOptions<Query, Answer> {
  /** The pause after the last `request` before the call goes out. */
  delayMs: number;
  /** The call itself; it should stop when `signal` aborts. */
  send(query: Query, signal: AbortSignal): Promise<Answer>;
  /** The answer for the newest query. */
  answered(answer: Answer): void;
  /** The newest call failed (a superseded or cancelled one never lands here). */
  failed(error: unknown): void;
}

/**
 * A debounced call of which only the newest may answer: each call aborts the
 * one before and carries a sequence number, so a slow, stale answer never
 * replaces a newer one, even when the abort comes too late to stop it.
 * Serves the typing-as-you-go lookups (search suggestions, school search).
 */
export class LatestRequest<Query, Answer> {
  private sequence = 0;
  private inFlight: AbortController | null = null;
  private readonly waiting: Debounced<[Query]>;

  constructor(private readonly options: LatestRequestOptions<Query, Answer>) {
    this.waiting = debounce((query: Query) => void this.send(query), options.delayMs);
  }

  /** Sends `query` once the delay passes without another request. */
  request(query: Query): void {
    this.waiting(query);
  }

  /** Drops whatever is waiting or in flight. */
  cancel(): void {
    this.waiting.cancel();
    this.supersede();
  }

  private supersede(): void {
    this.sequence += 1;
    this.inFlight?.abort();
    this.inFlight = null;
  }

  private async send(query: Query): Promise<void> {
    this.supersede();
    const mine = this.sequence;
    const controller = new AbortController();
    this.inFlight = controller;
    try {
      const answer = await this.options.send(query, controller.signal);
      if (mine !== this.sequence) return;
      this.options.answered(answer);
    } catch (error) {
      if (mine !== this.sequence) return; // superseded or cancelled, which is not a failure
      this.options.failed(error);
    } finally {
      if (this.inFlight === controller) this.inFlight = null;
    }
  }
}

export interface TypeaheadOptions<Answer> extends LatestRequestOptions<string, Answer> {
  /** The query for the typed text, or null when it is blank (nothing to ask). */
  queryOf(text: string): string | null;
  /** The text went blank: drop the list at once. */
  cleared(): void;
}

/**
 * A lookup for text being typed: blank text sends nothing, drops what is
 * waiting or in flight and clears at once; other text is sent once typing
 * pauses, and only the newest answer counts.
 */
export class TypeaheadRequest<Answer> {
  private readonly latest: LatestRequest<string, Answer>;

  constructor(private readonly typeahead: TypeaheadOptions<Answer>) {
    this.latest = new LatestRequest(typeahead);
  }

  textChanged(text: string): void {
    const query = this.typeahead.queryOf(text);
    if (query === null) {
      this.cancel();
      this.typeahead.cleared();
      return;
    }
    this.latest.request(query);
  }

  /** Drops whatever is waiting or in flight. */
  cancel(): void {
    this.latest.cancel();
  }
}
