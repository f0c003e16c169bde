import { debounce } from "../../../../widgets/lib/debounce";

describe("debounce", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("calls once, ms after the last call, with the last arguments", () => {
    const calls: number[] = [];
    const onResize = debounce((width: number) => calls.push(width), 50);
    onResize(100);
    vi.advanceTimersByTime(30);
    onResize(200);
    vi.advanceTimersByTime(49);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([200]);
  });

  it("calls again for a later burst", () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 50);
    debounced();
    vi.advanceTimersByTime(50);
    debounced();
    vi.advanceTimersByTime(50);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("cancel() drops a pending call", () => {
    const fn = vi.fn();
    const debounced = debounce(fn, 50);
    debounced();
    debounced.cancel();
    vi.advanceTimersByTime(100);
    expect(fn).not.toHaveBeenCalled();
  });
});
