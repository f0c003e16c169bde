import { rememberWeekInAddress } from "../../../../widgets/events-calendar/week-address";

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
