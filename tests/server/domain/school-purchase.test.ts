import { decideSchoolPurchase, type SchoolPurchaseFacts } from "../../../server/domain/school-purchase";

/** A stranger buying a 5-seat plan for a school with no admin and no membership; each test changes what it is about. */
const facts = (overrides: Partial<SchoolPurchaseFacts> = {}): SchoolPurchaseFacts => ({
  payerIsAdmin: false,
  schoolHasAdmin: false,
  payerEmail: "matches",
  current: null,
  requested: { ceiling: 5, numberOfUsers: 3 },
  ...overrides,
});

describe("decideSchoolPurchase", () => {
  it("lets the school's admin renew or upgrade", () => {
    const admin = { payerIsAdmin: true, schoolHasAdmin: true, payerEmail: "unverified" as const };
    expect(decideSchoolPurchase(facts({ ...admin, current: { ceiling: 5, seatsInUse: 2 } }))).toEqual({ kind: "allowed" });
    expect(decideSchoolPurchase(facts({ ...admin, current: { ceiling: 5, seatsInUse: 5 }, requested: { ceiling: 10, numberOfUsers: 8 } }))).toEqual({ kind: "allowed" });
    // A lapsed membership is no constraint: a new one starts.
    expect(decideSchoolPurchase(facts({ ...admin, requested: { ceiling: 1, numberOfUsers: 1 } }))).toEqual({ kind: "allowed" });
  });

  it("refuses anyone else when the school has an admin, whatever their email", () => {
    expect(decideSchoolPurchase(facts({ schoolHasAdmin: true }))).toEqual({ kind: "refused", reason: "ask-admin" });
    expect(decideSchoolPurchase(facts({ schoolHasAdmin: true, current: { ceiling: 5, seatsInUse: 2 } }))).toEqual({ kind: "refused", reason: "ask-admin" });
  });

  it("sends a school with a membership but no admin to staff", () => {
    expect(decideSchoolPurchase(facts({ current: { ceiling: 5, seatsInUse: 0 } }))).toEqual({ kind: "refused", reason: "ask-staff" });
  });

  it("lets only a verified address at the school's domain buy an unowned, unmembered school's first membership", () => {
    expect(decideSchoolPurchase(facts())).toEqual({ kind: "allowed" });
    expect(decideSchoolPurchase(facts({ payerEmail: "unverified" }))).toEqual({ kind: "refused", reason: "unverified" });
    expect(decideSchoolPurchase(facts({ payerEmail: "other-domain" }))).toEqual({ kind: "refused", reason: "other-domain" });
  });

  it("never lowers the level, nor buys fewer users than hold a seat, and says how many users would do", () => {
    const admin = { payerIsAdmin: true, schoolHasAdmin: true };
    const probe = facts({ ...admin, current: { ceiling: 5, seatsInUse: 2 }, requested: { ceiling: 1, numberOfUsers: 1 } });
    expect(decideSchoolPurchase(probe)).toEqual({ kind: "refused", reason: "too-small", atLeast: 5, ceiling: 5, seatsInUse: 2 });
    // A seat-limited membership given more seats than its level's ceiling: the seats taken count.
    const crowded = facts({ ...admin, current: { ceiling: 10, seatsInUse: 12 }, requested: { ceiling: 10, numberOfUsers: 10 } });
    expect(decideSchoolPurchase(crowded)).toEqual({ kind: "refused", reason: "too-small", atLeast: 12, ceiling: 10, seatsInUse: 12 });
    const fewer = facts({ ...admin, current: { ceiling: 5, seatsInUse: 4 }, requested: { ceiling: 5, numberOfUsers: 3 } });
    expect(decideSchoolPurchase(fewer)).toMatchObject({ kind: "refused", reason: "too-small", atLeast: 5 });
  });

  it("has nothing to sell a school whose membership is unlimited (the free state level)", () => {
    const unlimited = facts({ payerIsAdmin: true, schoolHasAdmin: true, current: { ceiling: Number.POSITIVE_INFINITY, seatsInUse: 40 }, requested: { ceiling: 10, numberOfUsers: 10 } });
    expect(decideSchoolPurchase(unlimited)).toEqual({ kind: "refused", reason: "unlimited" });
  });
});
