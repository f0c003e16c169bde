import { describe, expect, it } from "vitest";
import { historyState, readEntry, urlForStep, viewKey, type WizardEntry } from "../../../../widgets/register-wizard/wizard-history";
import { fitsPerson } from "../../../../widgets/register-wizard/wizard-storage";

const entry: WizardEntry = {
  step: "confirmSchool",
  pathway: "state-school",
  school: null,
  constituentId: 7,
  email: "ada@example.org",
  message: null,
  offer: null,
  ask: null,
  inbox: null,
  index: 2,
};

describe("wizard history entries", () => {
  it("names the step in the page's address, dropping one payment return's parameters", () => {
    expect(urlForStep("https://site.test/account/register/?link-school=true&next=%2Fx%2F", "confirmSchool")).toBe(
      "/account/register/?link-school=true&next=%2Fx%2F&step=confirmSchool",
    );
    expect(urlForStep("https://site.test/account/register/?paymentStatus=approved&sessionId=abc&step=paymentProcessing", "done")).toBe("/account/register/?step=done");
  });

  it("reads back what it stored, and nothing else", () => {
    expect(readEntry(historyState(entry))).toEqual(entry);
    expect(readEntry(historyState({ ...entry, inbox: { sentTo: "ada@example.org", resumeStep: "confirmSchool" } }))?.inbox).toEqual({
      sentTo: "ada@example.org",
      resumeStep: "confirmSchool",
    });
    expect(readEntry(null)).toBeNull();
    expect(readEntry({ other: "script" })).toBeNull();
    expect(readEntry({ registerWizard: { ...entry, step: "nowhere" } })).toBeNull();
    expect(readEntry({ registerWizard: { ...entry, inbox: { sentTo: "x", resumeStep: "nowhere" }, index: "2" } })).toMatchObject({ inbox: null, index: 0 });
  });

  it("shows an entry only to the person it was for, and the account screens only while signed out", () => {
    expect(fitsPerson(entry, 7)).toBe(true);
    expect(fitsPerson(entry, 8)).toBe(false);
    expect(fitsPerson({ ...entry, step: "createAccount", constituentId: null }, null)).toBe(true);
    expect(fitsPerson({ ...entry, step: "createAccount", constituentId: null }, 7)).toBe(false);
  });

  it("tells the check-inbox screen from the step under it", () => {
    expect(viewKey("confirmSchool", null)).not.toBe(viewKey("confirmSchool", { sentTo: "ada@example.org", resumeStep: "confirmSchool" }));
  });
});
