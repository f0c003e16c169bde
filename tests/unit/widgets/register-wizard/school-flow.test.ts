import { HttpError } from "../../../../widgets/lib/http";
import {
  afterSchoolChoice,
  becomeAdmin,
  emailMatchesDomains,
  type FlowInput,
  type SchoolFlowCalls,
  type SchoolFlowIds,
  type SeatBenefit,
} from "../../../../widgets/register-wizard/school-flow";
import type { MembershipSummary } from "../../../../contracts/shapes/schools";
import { registerWizardDefaultStrings as strings } from "../../../../widgets/register-wizard/strings";
import { selectedSchool as school } from "../../../support/selected-school";

const now = new Date("2026-03-01T12:00:00Z");
const ids: SchoolFlowIds = { emailDomainKeywordId: 671, userSeatBenefitId: 301, adminSeatBenefitId: 302 };


const current: MembershipSummary = { Id: 700, ExpirationDateTime: "2027-01-01T00:00:00Z", Constituent: { DisplayName: "Oakfield", SortName: "Oakfield" } };
const lapsed: MembershipSummary = { ...current, Id: 650, ExpirationDateTime: "2026-02-01T00:00:00Z" };
const unlimited: SeatBenefit = { Benefit: { Id: 301 }, MembershipLevelBenefit: { UnlimitedIndicator: true }, TotalAvailable: 0, TotalRemaining: 0 };
const limited = (remaining: number): SeatBenefit => ({ Benefit: { Id: 301 }, MembershipLevelBenefit: { UnlimitedIndicator: false }, TotalAvailable: 5, TotalRemaining: remaining });

/** Calls that all succeed for a verified teacher at Oakfield; each test overrides what it needs. */
function fakeCalls(overrides: Partial<SchoolFlowCalls> = {}) {
  const calls = {
    checkSchool: vi.fn(async (id: number) => school({ constituentId: id })),
    findSchoolByPostcode: vi.fn(async (): Promise<number | null> => null),
    createSchool: vi.fn(async () => 555),
    sessionStatus: vi.fn(async () => ({ constituentId: 42, email: "Ada@Oakfield.sch.uk", emailVerified: true })),
    attributes: vi.fn(async () => [{ Keyword: { Id: 671 }, Value: " OAKFIELD.sch.uk " }]),
    sendVerification: vi.fn(async () => ({ sentTo: "ada@oakfield.sch.uk" })),
    membershipSummary: vi.fn(async () => ({ details: current, expired: null })),
    createMembership: vi.fn(async () => current),
    seats: vi.fn(async () => [unlimited]),
    useBenefit: vi.fn(async () => ({ usageId: 9001 })),
    confirmAffiliation: vi.fn(async () => undefined),
    affiliations: vi.fn(async () => []),
    schoolAdmins: vi.fn(async () => ({ names: ["Tom E."], youAreAdmin: false })),
    ...overrides,
  } satisfies SchoolFlowCalls;
  return calls;
}

const stateInput = (fields: Partial<FlowInput> = {}): FlowInput => ({ pathway: "state-school", school: school(), step: "confirmSchool", now, ...fields });
const fail = () => Promise.reject(new HttpError(500, {}, "failed"));

describe("emailMatchesDomains", () => {
  it("compares the email's domain with each value, trimmed and lower-cased", () => {
    expect(emailMatchesDomains(" Ada@Oakfield.SCH.uk ", ["other.org", " oakfield.sch.uk "])).toBe(true);
    expect(emailMatchesDomains("ada@oakfield.sch.uk.evil.example", ["oakfield.sch.uk"])).toBe(false);
    expect(emailMatchesDomains("not-an-email", ["oakfield.sch.uk"])).toBe(false);
    expect(emailMatchesDomains("ada@", [""])).toBe(false);
    expect(emailMatchesDomains("ada@oakfield.sch.uk", [])).toBe(false);
  });
});

describe("afterSchoolChoice: state-school pathway", () => {
  it("joins a verified teacher with a matching domain, records the usage, confirms the affiliation, and offers admin when there is none", async () => {
    const calls = fakeCalls();
    const outcome = await afterSchoolChoice(stateInput(), calls, ids, strings);
    expect(outcome).toEqual({ kind: "step", step: "offerAdminStatus", offer: { schoolId: 9000001, membershipId: 700, userId: 42 } });
    expect(calls.attributes).toHaveBeenCalledWith(9000001, 671);
    expect(calls.useBenefit).toHaveBeenCalledWith({
      Benefit: { Id: 301, Inactive: false, MembershipOrganization: { Id: 9000001 }, Type: { Id: -2 }, PremiumId: null },
      Constituent: { Id: 42 },
      Membership: { Id: 700 },
      TotalCount: 1,
      UsedDateTime: now.toISOString(),
    });
    expect(calls.confirmAffiliation).toHaveBeenCalledWith(42, {
      AffiliationType: { Id: 10052 },
      GroupConstituent: { Id: 9000001 },
      IndividualConstituent: { Id: 42 },
      StartDate: now.toISOString(),
      EndDate: null,
      Salary: 9001,
    });
    expect(calls.createMembership).not.toHaveBeenCalled();
  });

  it("goes to done when the school already has an admin", async () => {
    const calls = fakeCalls({ checkSchool: async () => school({ hasAdmin: true }) });
    expect(await afterSchoolChoice(stateInput(), calls, ids, strings)).toEqual({ kind: "step", step: "done" });
  });

  it("creates the free membership when the school has none, or only an expired one", async () => {
    for (const summary of [{ details: null }, { details: lapsed, expired: lapsed }]) {
      const calls = fakeCalls({ membershipSummary: async () => summary });
      const outcome = await afterSchoolChoice(stateInput(), calls, ids, strings);
      expect(calls.createMembership).toHaveBeenCalledWith(9000001);
      expect(outcome).toMatchObject({ kind: "step", step: "offerAdminStatus" });
    }
  });

  it("gives a seat-limited affiliation the membership's expiry as its end", async () => {
    const calls = fakeCalls({ seats: async () => [limited(2)] });
    await afterSchoolChoice(stateInput(), calls, ids, strings);
    expect(vi.mocked(calls.confirmAffiliation).mock.calls[0]![1]).toMatchObject({ EndDate: current.ExpirationDateTime });
  });

  it("still finishes when confirming the affiliation fails (the spec does not check it)", async () => {
    const calls = fakeCalls({ confirmAffiliation: fail, checkSchool: async () => school({ hasAdmin: true }) });
    expect(await afterSchoolChoice(stateInput(), calls, ids, strings)).toEqual({ kind: "step", step: "done" });
  });

  it.each([
    ["no attributes", { attributes: async () => [] }],
    ["another domain", { attributes: async () => [{ Keyword: { Id: 671 }, Value: "riverside.sch.uk" }] }],
    ["another keyword's value", { attributes: async () => [{ Keyword: { Id: 999 }, Value: "oakfield.sch.uk" }] }],
    ["no valid email", { sessionStatus: async () => ({ constituentId: 42, email: "", emailVerified: true }) }],
  ])("sends %s to invalidEmail, granting nothing", async (_case, overrides) => {
    const calls = fakeCalls(overrides as Partial<SchoolFlowCalls>);
    expect(await afterSchoolChoice(stateInput(), calls, ids, strings)).toEqual({ kind: "step", step: "invalidEmail" });
    expect(calls.useBenefit).not.toHaveBeenCalled();
    expect(calls.sendVerification).not.toHaveBeenCalled();
  });

  it("sends a failed attribute fetch to invalidEmail with 'Failed to get attributes.'", async () => {
    const calls = fakeCalls({ attributes: fail });
    expect(await afterSchoolChoice(stateInput(), calls, ids, strings)).toEqual({ kind: "step", step: "invalidEmail", error: "Failed to get attributes." });
    expect(await afterSchoolChoice(stateInput(), fakeCalls(), { ...ids, emailDomainKeywordId: null }, strings)).toEqual({
      kind: "step",
      step: "invalidEmail",
      error: "Failed to get attributes.",
    });
  });

  it("sends the verification link for an unverified email and grants nothing", async () => {
    const calls = fakeCalls({ sessionStatus: async () => ({ constituentId: 42, email: "ada@oakfield.sch.uk", emailVerified: false }) });
    expect(await afterSchoolChoice(stateInput(), calls, ids, strings)).toEqual({ kind: "check-inbox", sentTo: "ada@oakfield.sch.uk", resumeStep: "confirmSchool" });
    expect(calls.sendVerification).toHaveBeenCalledWith({ school: school(), pathway: "state-school", step: "confirmSchool" });
    expect(calls.membershipSummary).not.toHaveBeenCalled();
    expect(calls.useBenefit).not.toHaveBeenCalled();
  });

  it("says so when the verification email cannot be sent", async () => {
    const calls = fakeCalls({ sessionStatus: async () => ({ constituentId: 42, email: "ada@oakfield.sch.uk", emailVerified: false }), sendVerification: fail });
    expect(await afterSchoolChoice(stateInput(), calls, ids, strings)).toEqual({ kind: "error", message: strings.verificationFailed });
  });

  it.each([
    ["no seat benefit", { seats: async () => [{ ...unlimited, Benefit: { Id: 302 } }] }],
    ["no seats remaining", { seats: async () => [limited(0)] }],
    ["the server's 409", { useBenefit: () => Promise.reject(new HttpError(409, {}, "conflict")) }],
  ])("with %s, does not add the user and says 'No seats available…', with whom to ask", async (_case, overrides) => {
    const calls = fakeCalls(overrides as Partial<SchoolFlowCalls>);
    expect(await afterSchoolChoice(stateInput(), calls, ids, strings)).toEqual({
      kind: "step",
      step: "noActiveSubscriptionOther",
      seatsFull: true,
      admins: { names: ["Tom E."], youAreAdmin: false },
      message: "No seats available for the membership, needs to be renewed",
    });
    expect(calls.confirmAffiliation).not.toHaveBeenCalled();
  });

  it.each([
    ["session status", { sessionStatus: fail }, "Failed to fetch session data. Please try again later."],
    ["school check", { checkSchool: fail }, "Failed to fetch membership summary. Please try again."],
    ["membership summary", { membershipSummary: fail }, "Failed to fetch membership summary. Please try again."],
    ["membership creation", { membershipSummary: async () => ({ details: null }), createMembership: fail }, "Failed to create membership for the school. Please try again."],
    ["seat count", { seats: fail }, "Failed to check number of seats for membership. Please try again."],
    ["benefit usage", { useBenefit: fail }, "Failed to create benefit usage record. Please try again."],
  ])("stays with the spec's message when the %s call fails", async (_case, overrides, message) => {
    expect(await afterSchoolChoice(stateInput(), fakeCalls(overrides as Partial<SchoolFlowCalls>), ids, strings)).toEqual({ kind: "error", message });
  });

  it("sends a school that is not a state school to contactSupport without any school call", async () => {
    const calls = fakeCalls();
    expect(await afterSchoolChoice(stateInput({ school: school({ type: "independent-school" }) }), calls, ids, strings)).toEqual({ kind: "step", step: "contactSupport" });
    expect(calls.checkSchool).not.toHaveBeenCalled();
    const registerSaysOtherwise = fakeCalls({ checkSchool: async () => school({ type: "international" }) });
    expect(await afterSchoolChoice(stateInput(), registerSaysOtherwise, ids, strings)).toEqual({ kind: "step", step: "contactSupport" });
  });
});

describe("afterSchoolChoice: a school typed in by hand", () => {
  const typed = school({ name: "Oakfield Primary", constituentId: null, type: null, URN: null, postalCode: "LS1 4AB" });

  it("is found by postcode, then checked and carried on with as that school", async () => {
    const calls = fakeCalls({ findSchoolByPostcode: vi.fn(async () => 9000001) });
    const outcome = await afterSchoolChoice(stateInput({ school: typed }), calls, ids, strings);
    expect(calls.findSchoolByPostcode).toHaveBeenCalledWith("LS1 4AB");
    expect(calls.checkSchool).toHaveBeenCalledWith(9000001);
    expect(calls.createSchool).not.toHaveBeenCalled();
    expect(outcome).toMatchObject({ kind: "step", step: "offerAdminStatus", offer: { schoolId: 9000001 } });
  });

  it("is created with its address when no school has that postcode, and goes to contactSupport", async () => {
    const calls = fakeCalls();
    expect(await afterSchoolChoice(stateInput({ school: typed }), calls, ids, strings)).toEqual({ kind: "step", step: "contactSupport" });
    expect(calls.createSchool).toHaveBeenCalledWith(typed);
    expect(calls.useBenefit).not.toHaveBeenCalled();
  });

  it("says 'Could not search for school by postcode…' or 'Failed to create school…' when those calls fail", async () => {
    expect(await afterSchoolChoice(stateInput({ school: typed }), fakeCalls({ findSchoolByPostcode: fail }), ids, strings)).toEqual({
      kind: "error",
      message: "Could not search for school by postcode. Please try again.",
    });
    expect(await afterSchoolChoice(stateInput({ school: typed }), fakeCalls({ createSchool: fail }), ids, strings)).toEqual({
      kind: "error",
      message: "Failed to create school. Please try again.",
    });
  });
});

describe("afterSchoolChoice: other pathways", () => {
  const independent = school({ name: "St Catherine's College", type: "independent-school", constituentId: 9000004 });

  it("independent or international with no admin: offers admin status", async () => {
    for (const type of ["independent-school", "international"] as const) {
      const calls = fakeCalls({ affiliations: vi.fn(async () => [{ AffiliationType: { Id: 10052 }, IndividualConstituent: { Id: 0 } }]) });
      const outcome = await afterSchoolChoice({ pathway: type, school: { ...independent, type }, step: "schoolTypeAndSearch", now }, calls, ids, strings);
      expect(outcome).toEqual({ kind: "step", step: "offerAdminStatus", offer: { schoolId: 9000004, membershipId: 700, userId: 42 } });
      expect(calls.membershipSummary).toHaveBeenCalledWith(9000004);
      expect(calls.affiliations).toHaveBeenCalledWith(9000004);
    }
  });

  it("independent with an admin: contactYourAdmin", async () => {
    const calls = fakeCalls({ affiliations: async () => [{ AffiliationType: { Id: 10053 }, IndividualConstituent: { Id: 0 } }] });
    expect(await afterSchoolChoice({ pathway: "independent-school", school: independent, step: "schoolTypeAndSearch", now }, calls, ids, strings)).toEqual({
      kind: "step",
      step: "contactYourAdmin",
      admins: { names: ["Tom E."], youAreAdmin: false },
    });
    expect(calls.schoolAdmins).toHaveBeenCalledWith(9000004);
  });

  it("an unverified address at the school's domain gets the link first: the offer, or the admin's name, waits for the proven address", async () => {
    const unverified = { sessionStatus: async () => ({ constituentId: 42, email: "ada@oakfield.sch.uk", emailVerified: false }) };
    const input: FlowInput = { pathway: "international", school: { ...independent, type: "international" }, step: "schoolTypeAndSearch", now };
    const noAdmin = fakeCalls(unverified);
    expect(await afterSchoolChoice(input, noAdmin, ids, strings)).toEqual({ kind: "check-inbox", sentTo: "ada@oakfield.sch.uk", resumeStep: "offerAdminStatus" });
    expect(noAdmin.sendVerification).toHaveBeenCalledWith({ school: input.school, pathway: "international", step: "offerAdminStatus" });
    const withAdmin = fakeCalls({ ...unverified, affiliations: async () => [{ AffiliationType: { Id: 10053 }, IndividualConstituent: { Id: 0 } }] });
    expect(await afterSchoolChoice(input, withAdmin, ids, strings)).toEqual({ kind: "check-inbox", sentTo: "ada@oakfield.sch.uk", resumeStep: "contactYourAdmin" });
    expect(withAdmin.sendVerification).toHaveBeenCalledWith({ school: input.school, pathway: "international", step: "contactYourAdmin" });
  });

  it("an address outside the school's domain: no offer (contactSupport), or the admin unnamed", async () => {
    const elsewhere = { sessionStatus: async () => ({ constituentId: 42, email: "ada@gmail.com", emailVerified: true }) };
    const input: FlowInput = { pathway: "international", school: { ...independent, type: "international" }, step: "schoolTypeAndSearch", now };
    expect(await afterSchoolChoice(input, fakeCalls(elsewhere), ids, strings)).toEqual({ kind: "step", step: "contactSupport" });
    const withAdmin = fakeCalls({ ...elsewhere, affiliations: async () => [{ AffiliationType: { Id: 10053 }, IndividualConstituent: { Id: 0 } }], schoolAdmins: async () => ({ names: [], youAreAdmin: false }) });
    expect(await afterSchoolChoice(input, withAdmin, ids, strings)).toEqual({ kind: "step", step: "contactYourAdmin", admins: { names: [], youAreAdmin: false } });
    expect(withAdmin.sendVerification).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch school affiliations…' when the affiliations call fails", async () => {
    const calls = fakeCalls({ affiliations: fail });
    expect(await afterSchoolChoice({ pathway: "independent-school", school: independent, step: "schoolTypeAndSearch", now }, calls, ids, strings)).toEqual({
      kind: "error",
      message: "Failed to fetch school affiliations. Please try again.",
    });
  });

  it("a school without an active membership goes to noActiveSubscriptionOther, saying when it has expired", async () => {
    const none = await afterSchoolChoice({ pathway: "independent-school", school: independent, step: "schoolTypeAndSearch", now }, fakeCalls({ membershipSummary: async () => ({ details: null, expired: null }) }), ids, strings);
    expect(none).toEqual({ kind: "step", step: "noActiveSubscriptionOther" });
    const expired = await afterSchoolChoice({ pathway: "international", school: independent, step: "schoolTypeAndSearch", now }, fakeCalls({ membershipSummary: async () => ({ details: null, expired: lapsed }) }), ids, strings);
    expect(expired).toEqual({ kind: "step", step: "noActiveSubscriptionOther", message: "Membership has expired, needs to be renewed" });
    const lapsedDetails = await afterSchoolChoice({ pathway: "international", school: independent, step: "schoolTypeAndSearch", now }, fakeCalls({ membershipSummary: async () => ({ details: lapsed }) }), ids, strings);
    expect(lapsedDetails).toEqual({ kind: "step", step: "noActiveSubscriptionOther", message: "Membership has expired, needs to be renewed" });
  });

  it("a school without an active membership but with an admin: only that admin is offered the plans; anyone else goes to contactYourAdmin", async () => {
    const input: FlowInput = { pathway: "independent-school", school: independent, step: "schoolTypeAndSearch", now };
    const admin = (id: number) => ({ AffiliationType: { Id: 10053 }, IndividualConstituent: { Id: id } });
    const lapsedWithAdmin = (adminId: number) => fakeCalls({ membershipSummary: async () => ({ details: null, expired: lapsed }), affiliations: async () => [admin(adminId)] });
    expect(await afterSchoolChoice(input, lapsedWithAdmin(0), ids, strings)).toEqual({ kind: "step", step: "contactYourAdmin", admins: { names: ["Tom E."], youAreAdmin: false } });
    expect(await afterSchoolChoice(input, lapsedWithAdmin(42), ids, strings)).toEqual({ kind: "step", step: "noActiveSubscriptionOther", message: "Membership has expired, needs to be renewed" });
  });

  it("individual: the user's own membership decides; none goes to noActiveSubscriptionIndividual", async () => {
    const home = school({ name: "Home", type: null, constituentId: null });
    const active = fakeCalls();
    expect(await afterSchoolChoice({ pathway: "individual", school: home, step: "schoolTypeAndSearch", now }, active, ids, strings)).toEqual({ kind: "step", step: "done" });
    expect(active.membershipSummary).toHaveBeenCalledWith(42);
    const none = fakeCalls({ membershipSummary: async () => ({ details: null, expired: null }) });
    expect(await afterSchoolChoice({ pathway: "individual", school: home, step: "schoolTypeAndSearch", now }, none, ids, strings)).toEqual({
      kind: "step",
      step: "noActiveSubscriptionIndividual",
      message: "No membership found for the individual, needs to purchase one",
    });
  });

  it("a hand-entered school on an offline pathway goes to contactSupport", async () => {
    const calls = fakeCalls();
    expect(await afterSchoolChoice({ pathway: "international", school: school({ type: null, constituentId: null }), step: "schoolTypeAndSearch", now }, calls, ids, strings)).toEqual({
      kind: "step",
      step: "contactSupport",
    });
    expect(calls.createSchool).toHaveBeenCalledTimes(1);
    expect(calls.membershipSummary).not.toHaveBeenCalled();
  });

  it("says 'Failed to fetch membership summary…' when that call fails", async () => {
    expect(await afterSchoolChoice({ pathway: "individual", school: school(), step: "schoolTypeAndSearch", now }, fakeCalls({ membershipSummary: fail }), ids, strings)).toEqual({
      kind: "error",
      message: "Failed to fetch membership summary. Please try again.",
    });
  });
});

describe("becomeAdmin", () => {
  const offer = { schoolId: 9000001, membershipId: 700, userId: 42 };

  it("records an admin-seat usage, confirms the admin affiliation, then done", async () => {
    const calls = fakeCalls();
    expect(await becomeAdmin(offer, now, calls, ids, strings)).toEqual({ kind: "step", step: "done" });
    expect(calls.useBenefit).toHaveBeenCalledWith(expect.objectContaining({ Benefit: expect.objectContaining({ Id: 302 }), Membership: { Id: 700 }, Constituent: { Id: 42 } }));
    expect(calls.confirmAffiliation).toHaveBeenCalledWith(42, expect.objectContaining({ AffiliationType: { Id: 10053 }, Salary: 9001 }));
  });

  it("says 'Failed to make user an admin…' when refused, or without the benefit id", async () => {
    const message = "Failed to make user an admin. Please try again.";
    expect(await becomeAdmin(offer, now, fakeCalls({ useBenefit: fail }), ids, strings)).toEqual({ kind: "error", message });
    const calls = fakeCalls();
    expect(await becomeAdmin(offer, now, calls, { ...ids, adminSeatBenefitId: null }, strings)).toEqual({ kind: "error", message });
    expect(calls.useBenefit).not.toHaveBeenCalled();
  });
});
