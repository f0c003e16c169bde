import { lockPageScroll, modalOpenClass, scrollOffsetProperty } from "../../../../widgets/lib/page-scroll-lock";

describe("lockPageScroll", () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    // jsdom does no scrolling: the page "is" where these say, and scrollTo is recorded.
    vi.spyOn(window, "scrollY", "get").mockReturnValue(1840);
    vi.spyOn(window, "scrollX", "get").mockReturnValue(0);
    scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => {});
  });

  afterEach(() => vi.restoreAllMocks());

  it("on show: applies the modal-open state to <html> and <body> and pins the body at the stored position", () => {
    const release = lockPageScroll();
    expect(document.documentElement).toHaveClass(modalOpenClass);
    expect(document.body).toHaveClass(modalOpenClass);
    expect(document.body.style.getPropertyValue(scrollOffsetProperty)).toBe("-1840px");
    expect(scrollTo).not.toHaveBeenCalled();
    release();
  });

  it("on hide: removes the state and restores the stored scroll position, instantly", () => {
    const release = lockPageScroll();
    // While pinned the window reports the top of the page; the stored value must win.
    vi.spyOn(window, "scrollY", "get").mockReturnValue(0);
    release();
    expect(document.documentElement).not.toHaveClass(modalOpenClass);
    expect(document.body).not.toHaveClass(modalOpenClass);
    expect(document.body.style.getPropertyValue(scrollOffsetProperty)).toBe("");
    expect(scrollTo).toHaveBeenCalledWith({ left: 0, top: 1840, behavior: "instant" });
  });

  it("releases once: a second call does not scroll again", () => {
    const release = lockPageScroll();
    release();
    release();
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
