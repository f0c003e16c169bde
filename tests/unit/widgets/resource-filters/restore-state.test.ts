import { rememberBeforeSubmit, takeRestoreState } from "../../../../widgets/resource-filters/restore-state";

describe("the note an auto-submit leaves for the next page", () => {
  beforeEach(() => sessionStorage.clear());

  it("is read back once", () => {
    rememberBeforeSubmit({ expanded: true, focusId: "filter-subject-drama" }, sessionStorage, 1_000);
    expect(takeRestoreState(sessionStorage, 2_000)).toEqual({ expanded: true, focusId: "filter-subject-drama" });
    expect(takeRestoreState(sessionStorage, 2_000)).toBeNull();
  });

  it("is ignored once stale (the visitor went elsewhere), and when unreadable", () => {
    rememberBeforeSubmit({ expanded: true, focusId: null }, sessionStorage, 1_000);
    expect(takeRestoreState(sessionStorage, 1_000 + 30_001)).toBeNull();
    sessionStorage.setItem("resource-filters:restore", "{not json");
    expect(takeRestoreState(sessionStorage)).toBeNull();
  });

  it("does nothing without storage", () => {
    expect(() => rememberBeforeSubmit({ expanded: false, focusId: null }, null)).not.toThrow();
    expect(takeRestoreState(null)).toBeNull();
  });
});
