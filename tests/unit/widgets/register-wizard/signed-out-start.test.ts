import { forgetWizard, rememberSignedOutStart } from "../../../../widgets/register-wizard/wizard-storage";

/*
 * "Step N of M" counts the account steps only for a walk that began signed
 * out. A reload after Create account finds the person signed in: the count
 * must not change under them (issue 23, the wizard as one flow).
 */
describe("rememberSignedOutStart", () => {
  beforeEach(() => window.sessionStorage.clear());

  it("remembers, for this tab, that the walk began signed out, across a reload that is signed in", () => {
    expect(rememberSignedOutStart(true)).toBe(true);
    expect(rememberSignedOutStart(false)).toBe(true);
  });

  it("is false for a walk that began signed in", () => {
    expect(rememberSignedOutStart(false)).toBe(false);
  });

  it("is forgotten with the rest of the wizard once it is done", () => {
    rememberSignedOutStart(true);
    forgetWizard();
    expect(rememberSignedOutStart(false)).toBe(false);
  });
});
