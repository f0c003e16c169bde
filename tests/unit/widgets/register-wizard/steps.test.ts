import { pathways } from "../../../../widgets/register-wizard/pathways";
import { stepAfter, stepBefore, stepSequence } from "../../../../widgets/register-wizard/steps";

describe("registration steps", () => {
  const stateSchool = pathways["state-school"].steps;

  it("walks lookupAccount, createAccount, then the pathway's steps", () => {
    expect(stepSequence(stateSchool)).toEqual(["lookupAccount", "createAccount", "schoolTypeAndSearch", "confirmSchool", "invalidEmail", "offerAdminStatus"]);
    expect(stepAfter("createAccount", stateSchool)).toBe("schoolTypeAndSearch");
    expect(stepAfter("offerAdminStatus", stateSchool)).toBe("done");
    expect(stepBefore("schoolTypeAndSearch", stateSchool)).toBe("createAccount");
    expect(stepBefore("lookupAccount", stateSchool)).toBe("lookupAccount");
  });

  it("has the spec's pathway table", () => {
    expect(Object.fromEntries(Object.entries(pathways).map(([key, pathway]) => [key, [pathway.label, pathway.steps.join(" ")]]))).toEqual({
      "state-school": ["UK State School (FREE)", "schoolTypeAndSearch confirmSchool invalidEmail offerAdminStatus"],
      "independent-school": ["UK Independent School", "schoolTypeAndSearch contactSupport"],
      individual: ["Homeschool", "schoolTypeAndSearch contactSupport"],
      international: ["International School", "schoolTypeAndSearch contactSupport"],
      consortium: ["Group of Schools (UK/Ireland)", "schoolTypeAndSearch contactSupport"],
    });
    expect(pathways["state-school"].requires).toMatchObject({ schoolSearch: true, domainValidation: true, paidSubscription: false, unableToCompleteOnline: false });
    expect(pathways.consortium.requires.unableToCompleteOnline).toBe(true);
  });
});
