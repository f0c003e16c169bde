import { waitDescribed } from "../../../server/domain/wait-described";

describe("waitDescribed: a 429's wait as a person says it", () => {
  it("rounds up to whole minutes under an hour, and to whole hours from an hour", () => {
    expect(waitDescribed(0)).toBe("1 minute");
    expect(waitDescribed(61)).toBe("2 minutes");
    expect(waitDescribed(59 * 60)).toBe("59 minutes");
    expect(waitDescribed(60 * 60)).toBe("1 hour");
    expect(waitDescribed(60 * 60 + 1)).toBe("2 hours");
    expect(waitDescribed(24 * 60 * 60)).toBe("24 hours");
  });
});
