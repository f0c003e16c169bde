import { pushWeekToAddress, rememberWeekInAddress, weekFromAddress } from "../../../../widgets/events-calendar/week-address";

describe("rememberWeekInAddress", () => {
  beforeEach(() => window.history.replaceState(null, "", "/whats-on/?genre=comedy"));

  it("leaves the address alone on the first week when it names no date", () => {
    rememberWeekInAddress("2026-11-23", "2026-11-23");
    expect(window.location.search).toBe("?genre=comedy");
  });

  it("sets date to another week's Monday, keeping the filters", () => {
    rememberWeekInAddress("2026-12-07", "2026-11-23");
    expect(window.location.search).toBe("?genre=comedy&date=2026-12-07");
    rememberWeekInAddress("2026-11-23", "2026-11-23");
    expect(window.location.search).toBe("?genre=comedy&date=2026-11-23");
  });
});

describe("pushWeekToAddress and weekFromAddress", () => {
  beforeEach(() => window.history.replaceState(null, "", "/whats-on/?genre=comedy"));

  it("adds a history entry for a week moved to, so Back returns to the week before", () => {
    const entries = window.history.length;
    pushWeekToAddress("2026-11-30", "2026-11-23");
    expect(window.location.search).toBe("?genre=comedy&date=2026-11-30");
    expect(window.history.length).toBe(entries + 1);
  });

  it("adds no entry when the address already shows the week (as after Back)", () => {
    const entries = window.history.length;
    pushWeekToAddress("2026-11-23", "2026-11-23");
    expect(window.history.length).toBe(entries);
    expect(window.location.search).toBe("?genre=comedy");
  });

  it("reads the week from ?date=, else the page's first week", () => {
    expect(weekFromAddress("2026-11-23")).toBe("2026-11-23");
    window.history.replaceState(null, "", "/whats-on/?date=2026-12-07");
    expect(weekFromAddress("2026-11-23")).toBe("2026-12-07");
    window.history.replaceState(null, "", "/whats-on/?date=nonsense");
    expect(weekFromAddress("2026-11-23")).toBe("2026-11-23");
  });
});
