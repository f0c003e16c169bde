import { renderHook } from "@testing-library/react";
import { useElementId } from "../../../../widgets/lib/useElementId";

describe("useElementId", () => {
  it("gives each caller its own id, prefixed, with only characters safe in selectors", () => {
    const first = renderHook(() => useElementId("carousel")).result.current;
    const second = renderHook(() => useElementId("carousel")).result.current;
    expect(first).toMatch(/^carousel-[a-zA-Z0-9_-]+$/);
    expect(second).toMatch(/^carousel-[a-zA-Z0-9_-]+$/);
    expect(first).not.toBe(second);
    expect(document.querySelector(`#${first}`)).toBeNull(); // a valid selector: querySelector would throw otherwise
  });

  it("without a prefix, is the bare id", () => {
    expect(renderHook(() => useElementId()).result.current).toMatch(/^[a-zA-Z0-9_-]+$/);
  });

  it("keeps its id across renders", () => {
    const { result, rerender } = renderHook(() => useElementId("gallery"));
    const before = result.current;
    rerender();
    expect(result.current).toBe(before);
  });
});
