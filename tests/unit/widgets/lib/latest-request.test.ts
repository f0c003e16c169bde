import { LatestRequest, TypeaheadRequest } from "../../../../widgets/lib/latest-request";

interface Pending {
  query: string;
  signal: AbortSignal;
  resolve(answer: string): void;
  reject(error: unknown): void;
}

/** A LatestRequest whose calls wait until the test settles them. */
function setUp() {
  const sent: Pending[] = [];
  const answered: string[] = [];
  const failed: unknown[] = [];
  const latest = new LatestRequest<string, string>({
    delayMs: 300,
    send: (query, signal) =>
      new Promise<string>((resolve, reject) => {
        sent.push({ query, signal, resolve, reject });
      }),
    answered: (answer) => answered.push(answer),
    failed: (error) => failed.push(error),
  });
  return { latest, sent, answered, failed };
}

describe("LatestRequest", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sends once, the delay after the last request, with the last query", async () => {
    const { latest, sent, answered } = setUp();
    latest.request("oa");
    vi.advanceTimersByTime(200);
    latest.request("oak");
    vi.advanceTimersByTime(299);
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent.map((call) => call.query)).toEqual(["oak"]);
    sent[0]!.resolve("Oakfield");
    await vi.runAllTimersAsync();
    expect(answered).toEqual(["Oakfield"]);
  });

  it("aborts the older call and ignores its answer, even when it comes last", async () => {
    const { latest, sent, answered, failed } = setUp();
    latest.request("oak");
    vi.advanceTimersByTime(300);
    latest.request("oakf");
    vi.advanceTimersByTime(300);
    expect(sent[0]!.signal.aborted).toBe(true);
    expect(sent[1]!.signal.aborted).toBe(false);
    sent[1]!.resolve("newer");
    sent[0]!.resolve("stale");
    await vi.runAllTimersAsync();
    expect(answered).toEqual(["newer"]);
    expect(failed).toEqual([]);
  });

  it("reports the newest call's failure, but not a superseded call's", async () => {
    const { latest, sent, failed } = setUp();
    latest.request("oak");
    vi.advanceTimersByTime(300);
    latest.request("oakf");
    vi.advanceTimersByTime(300);
    sent[0]!.reject(new DOMException("aborted", "AbortError"));
    const broken = new Error("503");
    sent[1]!.reject(broken);
    await vi.runAllTimersAsync();
    expect(failed).toEqual([broken]);
  });

  it("cancel() drops a waiting request and silences the one in flight", async () => {
    const { latest, sent, answered, failed } = setUp();
    latest.request("oak");
    vi.advanceTimersByTime(300);
    latest.request("oakf");
    latest.cancel();
    expect(sent[0]!.signal.aborted).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    sent[0]!.resolve("late");
    await vi.runAllTimersAsync();
    expect(answered).toEqual([]);
    expect(failed).toEqual([]);
  });
});

describe("TypeaheadRequest", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function typeahead() {
    const sent: { query: string; signal: AbortSignal }[] = [];
    const heard: string[] = [];
    const lookup = new TypeaheadRequest<string>({
      delayMs: 300,
      queryOf: (text) => (text.trim() === "" ? null : text.trim()),
      send: (query, signal) => {
        sent.push({ query, signal });
        return new Promise<string>(() => undefined);
      },
      answered: (answer) => heard.push(`answered ${answer}`),
      cleared: () => heard.push("cleared"),
      failed: () => heard.push("failed"),
    });
    return { lookup, sent, heard };
  }

  it("sends the query of the text once typing pauses", () => {
    const { lookup, sent, heard } = typeahead();
    lookup.textChanged(" oak ");
    vi.advanceTimersByTime(300);
    expect(sent.map((call) => call.query)).toEqual(["oak"]);
    expect(heard).toEqual([]);
  });

  it("on blank text sends nothing, drops what was waiting or in flight, and clears at once", () => {
    const { lookup, sent, heard } = typeahead();
    lookup.textChanged("oak");
    vi.advanceTimersByTime(300);
    lookup.textChanged("oakf");
    lookup.textChanged("  ");
    expect(heard).toEqual(["cleared"]);
    expect(sent[0]!.signal.aborted).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
  });
});
