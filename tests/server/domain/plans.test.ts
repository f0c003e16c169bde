import { CRM_IDS } from "../../../server/crm/crm-ids";
import {
  annualPriceText,
  isIndividualLevel,
  levelForUsers,
  planOptions,
  pricePlan,
  renewedExpiry,
  TOO_MANY_USERS_MESSAGE,
  type PricedPlan,
} from "../../../server/domain/plans";

const test = CRM_IDS.test.membershipLevels;
const production = CRM_IDS.production.membershipLevels;

describe("plans", () => {
  it.each([
    [1, 95, 6000],
    [2, 96, 25000],
    [5, 96, 25000],
    [6, 97, 40000],
    [10, 97, 40000],
  ])("a school plan for %i users is level %i at %i pence (test ids)", (users, level, pence) => {
    const plan = pricePlan(test, "school-annual", users) as PricedPlan;
    expect(plan.levelId).toBe(level);
    expect(plan.amountPence).toBe(pence);
    expect(plan.period).toBe("year");
  });

  it("11 users is above the top ceiling: the spec's message, on NumberOfUsers", () => {
    expect(pricePlan(test, "school-annual", 11)).toEqual({ field: "NumberOfUsers", message: TOO_MANY_USERS_MESSAGE });
    expect(levelForUsers(test, 11)).toBeUndefined();
  });

  it.each([
    [1, 92],
    [2, 93],
    [5, 93],
    [6, 93],
    [7, 94],
    [10, 94],
  ])("production: %i users map to level %i, the smallest ceiling covering them", (users, level) => {
    expect(levelForUsers(production, users)?.id).toBe(level);
  });

  it("individual plans: annual 60 at the individual level, monthly 39.99 at its own level (Tessitura dates by level), for one user only", () => {
    expect(pricePlan(test, "individual-annual", 1)).toMatchObject({ levelId: 95, seats: 1, amountPence: 6000, period: "year" });
    expect(pricePlan(test, "individual-monthly", 1)).toMatchObject({ levelId: 99, seats: 1, amountPence: 3999, period: "month" });
    expect(pricePlan(production, "individual-annual", 1)).toMatchObject({ levelId: 92 });
    expect(pricePlan(production, "individual-monthly", 1)).toMatchObject({ levelId: 90 });
    expect(pricePlan(test, "individual-annual", 2)).toEqual({ field: "NumberOfUsers", message: TOO_MANY_USERS_MESSAGE });
  });

  it.each([
    ["test", test],
    ["production", production],
  ])("%s: the monthly level is no other level, and both individual levels, only they, are individual", (_env, levels) => {
    const others = [levels.individual, levels.stateSchool, ...levels.seatLevels.map((level) => level.id)];
    expect(others).not.toContain(levels.individualMonthly);
    expect(isIndividualLevel(levels, levels.individual)).toBe(true);
    expect(isIndividualLevel(levels, levels.individualMonthly)).toBe(true);
    for (const id of [levels.stateSchool, ...levels.seatLevels.slice(1).map((level) => level.id)]) expect(isIndividualLevel(levels, id)).toBe(false);
  });

  it("refuses a count below one or not whole", () => {
    for (const users of [0, -1, 1.5, Number.NaN]) expect(pricePlan(test, "school-annual", users)).toMatchObject({ field: "NumberOfUsers" });
  });

  it("writes the price text with two decimals", () => {
    expect(annualPriceText(25000)).toBe("Annual plan £250.00");
    expect(annualPriceText(6000)).toBe("Annual plan £60.00");
  });

  it("renews from the later of now and the current expiry", () => {
    const now = new Date("2026-03-01T10:00:00Z");
    expect(renewedExpiry(now, new Date("2026-06-01T00:00:00Z"), "year")).toEqual({
      starts: new Date("2026-06-01T00:00:00Z"),
      expires: new Date("2027-06-01T00:00:00Z"),
    });
    expect(renewedExpiry(now, new Date("2025-06-01T00:00:00Z"), "year").expires).toEqual(new Date("2027-03-01T10:00:00Z"));
    expect(renewedExpiry(now, undefined, "month").expires).toEqual(new Date("2026-04-01T10:00:00Z"));
  });

  it("ends a month after the 31st on the next month's last day, and a monthly chain never drifts past the ledger's", () => {
    const now = new Date("2027-01-31T10:00:00Z");
    expect(renewedExpiry(now, undefined, "month").expires).toEqual(new Date("2027-02-28T10:00:00Z"));
    // Joined on 29 November: the third renewal ends on 28 March (February has 28 days), not on 1 April.
    let expiry = new Date("2026-11-29T00:00:00Z");
    for (let month = 0; month < 4; month++) expiry = renewedExpiry(new Date("2026-11-29T00:00:00Z"), expiry, "month").expires;
    expect(expiry).toEqual(new Date("2027-03-28T00:00:00Z"));
  });
});

describe("planOptions", () => {
  it("lists the spec's plans for the page, priced as the server charges them", () => {
    expect(planOptions()).toEqual([
      { planType: "individual-annual", label: "Individual, yearly", users: 1, priceText: "Annual plan £60.00", price: 60 },
      { planType: "individual-monthly", label: "Individual, pay monthly", users: 1, priceText: "Monthly plan £39.99", price: 39.99 },
      { planType: "school-annual", label: "1 user", users: 1, priceText: "Annual plan £60.00", price: 60 },
      { planType: "school-annual", label: "2–5 users", users: 5, priceText: "Annual plan £250.00", price: 250 },
      { planType: "school-annual", label: "6–10 users", users: 10, priceText: "Annual plan £400.00", price: 400, note: "Save 20%" },
    ]);
  });
});
