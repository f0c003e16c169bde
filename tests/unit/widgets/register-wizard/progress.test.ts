import { describe, expect, it } from "vitest";
import { progressText, wizardProgress, type ProgressInput, type ProgressScreen } from "../../../../widgets/register-wizard/progress";

const words = { known: "Step {current} of {total}", unknown: "Step {current}" };
const at = (input: Partial<ProgressInput> & Pick<ProgressInput, "screen">) =>
  wizardProgress({ pathway: null, startedSignedOut: false, renewal: null, ...input });

describe("wizard progress", () => {
  it("counts the email and account screens only for someone who began signed out", () => {
    expect(at({ screen: "lookupAccount", startedSignedOut: true })).toEqual({ current: 1, total: null });
    expect(at({ screen: "createAccount", startedSignedOut: true })).toEqual({ current: 2, total: null });
    expect(at({ screen: "schoolTypeAndSearch", startedSignedOut: true, pathway: "state-school" })).toEqual({ current: 3, total: 5 });
    expect(at({ screen: "schoolTypeAndSearch", pathway: "state-school" })).toEqual({ current: 1, total: 3 });
  });

  it("leaves the steps left unknown until a pathway is chosen, and recomputes them when it changes", () => {
    expect(at({ screen: "schoolTypeAndSearch" })).toEqual({ current: 1, total: null });
    expect(at({ screen: "schoolTypeAndSearch", pathway: "state-school" })?.total).toBe(3);
    expect(at({ screen: "schoolTypeAndSearch", pathway: "independent-school" })?.total).toBe(4);
    expect(at({ screen: "schoolTypeAndSearch", pathway: "international" })?.total).toBe(4);
    expect(at({ screen: "schoolTypeAndSearch", pathway: "individual" })?.total).toBe(4);
  });

  it("walks a state school: the school, its confirmation (and the inbox), then the admin offer or the finish", () => {
    const state = (screen: ProgressInput["screen"]) => at({ screen, pathway: "state-school" })?.current;
    expect((["schoolTypeAndSearch", "confirmSchool", "inbox", "invalidEmail", "offerAdminStatus", "done"] as ProgressScreen[]).map(state)).toEqual([1, 2, 2, 2, 3, 3]);
  });

  it("walks an international school to its plans, and a homeschooler to a personal plan", () => {
    const international = (screen: ProgressInput["screen"]) => at({ screen, pathway: "international" })?.current;
    expect((["schoolTypeAndSearch", "inbox", "offerAdminStatus", "noActiveSubscriptionOther", "confirmSubscriptionOther", "paymentProcessing", "done"] as ProgressScreen[]).map(international)).toEqual([
      1, 2, 2, 2, 3, 4, 4,
    ]);
    const homeschool = (screen: ProgressInput["screen"]) => at({ screen, pathway: "individual" })?.current;
    expect((["schoolTypeAndSearch", "noActiveSubscriptionIndividual", "confirmSubscriptionIndividual", "done"] as ProgressScreen[]).map(homeschool)).toEqual([1, 2, 3, 4]);
  });

  it("makes a lapsed member's renewal three steps: the plans, the choice, the payment", () => {
    expect(at({ screen: "noActiveSubscriptionIndividual", pathway: "individual", renewal: "individual" })).toEqual({ current: 1, total: 3 });
    expect(at({ screen: "confirmSubscriptionOther", pathway: "international", renewal: "school" })).toEqual({ current: 2, total: 3 });
    expect(at({ screen: "done", pathway: "individual", renewal: "individual" })).toEqual({ current: 3, total: 3 });
  });

  it("has no step for a screen off the journey", () => {
    expect(at({ screen: "confirmSchool", pathway: "individual" })).toBeNull();
  });

  it("says it in words", () => {
    expect(progressText({ current: 2, total: 5 }, words)).toBe("Step 2 of 5");
    expect(progressText({ current: 3, total: null }, words)).toBe("Step 3");
  });
});
