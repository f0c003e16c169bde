import { act, renderHook } from "@testing-library/react";
import { useMediaQuery } from "../../../../widgets/lib/useMediaQuery";
import { usePrefersReducedMotion } from "../../../../widgets/lib/usePrefersReducedMotion";
import { setMediaQuery } from "../../../setup/match-media";

const desktop = "(min-width: 64em)";

describe("useMediaQuery", () => {
  it("answers whether the query matches now, and follows it when it changes", () => {
    setMediaQuery(desktop, true);
    const { result } = renderHook(() => useMediaQuery(desktop));
    expect(result.current).toBe(true);
    act(() => setMediaQuery(desktop, false));
    expect(result.current).toBe(false);
    act(() => setMediaQuery(desktop, true));
    expect(result.current).toBe(true);
  });

  it("follows a new query when the component asks for another", () => {
    setMediaQuery(desktop, true);
    const { result, rerender } = renderHook(({ query }) => useMediaQuery(query), { initialProps: { query: desktop } });
    expect(result.current).toBe(true);
    rerender({ query: "(min-width: 75em)" });
    expect(result.current).toBe(false);
    act(() => setMediaQuery("(min-width: 75em)", true));
    expect(result.current).toBe(true);
  });

  it("stops listening once unmounted", () => {
    const { unmount, result } = renderHook(() => useMediaQuery(desktop));
    unmount();
    act(() => setMediaQuery(desktop, true));
    expect(result.current).toBe(false);
  });
});

describe("usePrefersReducedMotion", () => {
  it("reads the reduced-motion media query", () => {
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
    act(() => setMediaQuery("(prefers-reduced-motion: reduce)", true));
    expect(result.current).toBe(true);
  });
});
