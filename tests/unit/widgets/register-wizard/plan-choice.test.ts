import {
  basketItem,
  individualPlans,
  levelFor,
  parsePlans,
  parseSeatLevels,
  readUsers,
  schoolPlanFor,
  schoolPlans,
} from "../../../../widgets/register-wizard/plan-choice";
import type { PlanOption } from "../../../../contracts/shapes/plans";

// The page's list, as the register route writes it into data-plans.
const plans: PlanOption[] = parsePlans(
  JSON.stringify([
    { planType: "individual-annual", label: "Individual, yearly", users: 1, priceText: "Annual plan £60.00", price: 60 },
    { planType: "individual-monthly", label: "Individual, pay monthly", users: 1, priceText: "Monthly plan £39.99", price: 39.99 },
    { planType: "school-annual", label: "6–10 users", users: 10, priceText: "Annual plan £400.00", price: 400, note: "Save 20%" },
    { planType: "school-annual", label: "1 user", users: 1, priceText: "Annual plan £60.00", price: 60 },
    { planType: "school-annual", label: "2–5 users", users: 5, priceText: "Annual plan £250.00", price: 250 },
  ]),
);
const testLevels = [
  { id: 96, seats: 5 },
  { id: 95, seats: 1 },
  { id: 97, seats: 10 },
];

describe("the page's plan list", () => {
  it("prices every option as the spec's section 9 does, two decimals", () => {
    expect(schoolPlans(plans).map((plan) => [plan.users, plan.priceText, plan.note])).toEqual([
      [1, "Annual plan £60.00", undefined],
      [5, "Annual plan £250.00", undefined],
      [10, "Annual plan £400.00", "Save 20%"],
    ]);
    expect(individualPlans(plans).map((plan) => [plan.planType, plan.price])).toEqual([
      ["individual-annual", 60],
      ["individual-monthly", 39.99],
    ]);
  });

  it("drops what is not a plan, and reads nothing from unreadable JSON", () => {
    const raw = JSON.stringify([plans[0], { planType: "lifetime", label: "x", users: 1, priceText: "", price: 1 }, { ...plans[2], price: "400" }, null, { ...plans[3], users: 0 }]);
    expect(parsePlans(raw)).toEqual([plans[0]]);
    expect(parsePlans("{not json")).toEqual([]);
    expect(parsePlans(null)).toEqual([]);
    expect(parsePlans('{"planType":"school-annual"}')).toEqual([]);
  });

  it("reads seat levels smallest first and leaves out broken ones", () => {
    expect(parseSeatLevels(JSON.stringify([...testLevels, { id: "x", seats: 3 }, { id: 9, seats: 0 }]))).toEqual([
      { id: 95, seats: 1 },
      { id: 96, seats: 5 },
      { id: 97, seats: 10 },
    ]);
    expect(parseSeatLevels("nope")).toEqual([]);
    expect(parseSeatLevels('{"id":1}')).toEqual([]);
  });
});

describe("the number of users", () => {
  it("reads whole numbers only", () => {
    expect(readUsers(" 6 ")).toBe(6);
    expect(readUsers("")).toBeNull();
    expect(readUsers("2.5")).toBeNull();
    expect(readUsers("-1")).toBeNull();
    expect(readUsers("1e3")).toBeNull();
  });

  it.each([
    [1, "Annual plan £60.00"],
    [2, "Annual plan £250.00"],
    [5, "Annual plan £250.00"],
    [6, "Annual plan £400.00"],
    [10, "Annual plan £400.00"],
  ])("%i users: %s", (users, priceText) => {
    const choice = schoolPlanFor(users, plans);
    expect(choice.kind === "plan" && choice.plan.priceText).toBe(priceText);
  });

  it("11 or more users: contact us; none or zero: invalid", () => {
    expect(schoolPlanFor(11, plans)).toEqual({ kind: "contact" });
    expect(schoolPlanFor(500, plans)).toEqual({ kind: "contact" });
    expect(schoolPlanFor(0, plans)).toEqual({ kind: "invalid" });
    expect(schoolPlanFor(null, plans)).toEqual({ kind: "invalid" });
    expect(schoolPlanFor(1.5, plans)).toEqual({ kind: "invalid" });
  });

  it.each([
    [1, 95],
    [2, 96],
    [5, 96],
    [6, 97],
    [10, 97],
    [11, null],
  ])("%i users map to the smallest covering level: %s", (users, level) => {
    expect(levelFor(users, testLevels)).toBe(level);
  });
});

describe("the basket item", () => {
  const school = plans.find((plan) => plan.planType === "school-annual")!;
  const monthly = plans.find((plan) => plan.planType === "individual-monthly")!;
  const annual = plans.find((plan) => plan.planType === "individual-annual")!;
  const base = { constituentId: 42, fundId: 17, individualLevelId: 95, individualMonthlyLevelId: 99, seatLevels: testLevels, renews: true };

  it("a school plan carries the school, the users, the covering level and the renewal choice", () => {
    expect(basketItem({ ...base, plan: school, users: 6, schoolId: 9000004 })).toEqual({
      kind: "item",
      item: { FundId: 17, MembershipLevelId: 97, Action: 1, ConstituentId: 42, OrganisationConstituentId: 9000004, PlanType: "school-annual", NumberOfUsers: 6, RenewAutomatically: true },
    });
    expect(basketItem({ ...base, renews: false, plan: school, users: 6, schoolId: 9000004 })).toMatchObject({ item: { RenewAutomatically: false } });
  });

  it("an individual plan is one user at its individual level (the monthly one's own), for no organisation", () => {
    expect(basketItem({ ...base, plan: annual, users: 1, schoolId: null })).toMatchObject({ item: { MembershipLevelId: 95, PlanType: "individual-annual" } });
    expect(basketItem({ ...base, plan: monthly, users: 8, schoolId: 9000004 })).toEqual({
      kind: "item",
      item: { FundId: 17, MembershipLevelId: 99, Action: 1, ConstituentId: 42, OrganisationConstituentId: false, PlanType: "individual-monthly", NumberOfUsers: 1, RenewAutomatically: true },
    });
    // The monthly plan always renews, whatever the box said.
    expect(basketItem({ ...base, renews: false, plan: monthly, users: 1, schoolId: null })).toMatchObject({ item: { RenewAutomatically: true } });
  });

  it("on a page that gives no monthly level (another backend, the spec's single individual level), the monthly plan is at the individual level", () => {
    expect(basketItem({ ...base, individualMonthlyLevelId: null, plan: monthly, users: 1, schoolId: null })).toMatchObject({ kind: "item", item: { MembershipLevelId: 95, PlanType: "individual-monthly" } });
    expect(basketItem({ ...base, individualMonthlyLevelId: null, plan: school, users: 6, schoolId: 9000004 })).toMatchObject({ kind: "item", item: { MembershipLevelId: 97 } });
  });

  it("too many users, or a school plan without a school, makes no item", () => {
    expect(basketItem({ ...base, plan: school, users: 11, schoolId: 9000004 })).toEqual({ kind: "too-many" });
    expect(basketItem({ ...base, plan: school, users: 3, schoolId: null })).toEqual({ kind: "no-school" });
  });
});
