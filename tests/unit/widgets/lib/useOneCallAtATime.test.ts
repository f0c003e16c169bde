import { act, renderHook } from "@testing-library/react";
import { useOneCallAtATime } from "../../../../widgets/lib/useOneCallAtATime";

describe("useOneCallAtATime", () => {
  it("names the call under way and refuses a second one until it settles, even in the same tick", async () => {
    const { result } = renderHook(() => useOneCallAtATime<"save" | "delete">());
    let finish = () => {};
    const first = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const second = vi.fn(async () => {});
    let running: Promise<void> = Promise.resolve();
    act(() => {
      running = result.current.run("save", first);
      void result.current.run("delete", second);
    });
    expect(result.current.busy).toBe("save");
    expect(second).not.toHaveBeenCalled();
    await act(async () => {
      finish();
      await running;
    });
    expect(result.current.busy).toBeNull();
    await act(() => result.current.run("delete", second));
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("is free again after a call that throws", async () => {
    const { result } = renderHook(() => useOneCallAtATime<"save">());
    await act(() => expect(result.current.run("save", () => Promise.reject(new Error("down")))).rejects.toThrow("down"));
    expect(result.current.busy).toBeNull();
    const next = vi.fn(async () => {});
    await act(() => result.current.run("save", next));
    expect(next).toHaveBeenCalled();
  });
});
