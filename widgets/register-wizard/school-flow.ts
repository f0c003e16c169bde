import type { PathwayKey } from "./pathways";
import { resolveSchool } from "./resolve-school";
import type { MembershipSummary, SelectedSchool } from "../../contracts/shapes/schools";
import type { RegistrationStep } from "./steps";
import type { RegisterWizardStrings } from "./strings";
import type { Affiliation, BenefitUsage, SchoolAdmins, SchoolFlowCalls, SchoolFlowIds, SeatBenefit, SessionStatus } from "./school-flow-types";

export type { AffiliationRecord, SchoolAdmins, SchoolFlowCalls, SchoolFlowIds, SeatBenefit } from "./school-flow-types";

/**
 * What happens after the school and membership choice (accounts spec,
 * section 4: "After school and membership choice", "Domain validation",
 * "Seats"), as pure TypeScript: the server calls are injected, so every
 * branch is tested with fakes. The server re-checks every rule; this only
 * decides which screen comes next and which message it shows.
 */

/** Accounts spec, section 6. The same in both environments. */
export const affiliationTypeIds = { teacher: 10047, user: 10052, admin: 10053 } as const;

export type FlowOutcome =
  /** Move to this step, with an optional message for it (an error is shown as an alert). */
  | {
      kind: "step";
      step: RegistrationStep;
      message?: string;
      error?: string;
      offer?: AdminOffer;
      /** Who to ask (contactYourAdmin, and a school whose seats are all in use). */
      admins?: SchoolAdmins;
      /** The school's membership is valid but every user seat is taken (noActiveSubscriptionOther). */
      seatsFull?: boolean;
    }
  /** Stay on the current screen and show this error (a failed call the user can retry). */
  | { kind: "error"; message: string }
  /** The email is not verified yet: a link was sent; nothing was granted. */
  | { kind: "check-inbox"; sentTo: string; resumeStep: RegistrationStep };

/** What accepting the admin offer needs. */
export interface AdminOffer {
  schoolId: number;
  membershipId: number;
  userId: number;
}

/** The spec's section 8 messages the flow can give. */
export type SchoolFlowMessages = Pick<
  RegisterWizardStrings,
  | "sessionFailed"
  | "postcodeSearchFailed"
  | "createSchoolFailed"
  | "attributesFailed"
  | "verificationFailed"
  | "affiliationsFailed"
  | "membershipSummaryFailed"
  | "membershipCreateFailed"
  | "seatsFailed"
  | "benefitUsageFailed"
  | "makeAdminFailed"
  | "expired"
  | "noIndividualMembership"
  | "noSeats"
>;

export interface FlowInput {
  pathway: PathwayKey;
  school: SelectedSchool;
  /** The step the verification link should bring the user back to. */
  step: RegistrationStep;
  now: Date;
}

const isActive = (membership: MembershipSummary | null | undefined, now: Date): membership is MembershipSummary =>
  !!membership && new Date(membership.ExpirationDateTime).getTime() > now.getTime();

const status = (error: unknown): number | undefined =>
  typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : undefined;

/** Domain validation: the email's domain among the school's values, both trimmed and lower-cased. */
export function emailMatchesDomains(email: string, domains: readonly string[]): boolean {
  const at = email.trim().lastIndexOf("@");
  if (at <= 0 || at === email.trim().length - 1) return false;
  const domain = email.trim().slice(at + 1).toLowerCase();
  return domains.some((value) => value.trim().toLowerCase() === domain);
}

/** Runs the flow for the chosen pathway and school and answers the next step. */
export async function afterSchoolChoice(input: FlowInput, calls: SchoolFlowCalls, ids: SchoolFlowIds, messages: SchoolFlowMessages): Promise<FlowOutcome> {
  let session: SessionStatus;
  try {
    session = await calls.sessionStatus();
  } catch {
    return { kind: "error", message: messages.sessionFailed };
  }
  if (input.pathway !== "individual" && input.school.constituentId === null) {
    const found = await resolveSchool(input.school, calls, messages);
    if (found.kind === "error") return found;
    // A new school record has no register entry, membership or admin: only our team can set it up.
    if (found.kind === "created") return { kind: "step", step: "contactSupport" };
    input = { ...input, school: found.school };
  }
  if (input.pathway === "state-school") return stateSchool(input, session, calls, ids, messages);
  return otherPathway(input, session, calls, ids, messages);
}

async function stateSchool(input: FlowInput, session: SessionStatus, calls: SchoolFlowCalls, ids: SchoolFlowIds, messages: SchoolFlowMessages): Promise<FlowOutcome> {
  const schoolId = input.school.constituentId;
  // A hand-entered school is not in the state-school register: only our team can link it.
  if (schoolId === null || input.school.type !== "state") return { kind: "step", step: "contactSupport" };
  let school: SelectedSchool;
  try {
    school = await calls.checkSchool(schoolId);
  } catch {
    return { kind: "error", message: messages.membershipSummaryFailed };
  }
  if (school.type !== "state") return { kind: "step", step: "contactSupport" };

  // Domain validation: no attributes, no valid email, no match, or a failed fetch all lead to invalidEmail.
  if (ids.emailDomainKeywordId === null) return { kind: "step", step: "invalidEmail", error: messages.attributesFailed };
  try {
    const attributes = await calls.attributes(schoolId, ids.emailDomainKeywordId);
    const domains = attributes.filter((attribute) => attribute.Keyword.Id === ids.emailDomainKeywordId).map((attribute) => attribute.Value);
    if (!emailMatchesDomains(session.email, domains)) return { kind: "step", step: "invalidEmail" };
  } catch {
    return { kind: "step", step: "invalidEmail", error: messages.attributesFailed };
  }

  // The domain grants nothing until the address is proven: send the link, which brings the user back here.
  if (!session.emailVerified) {
    try {
      const sent = await calls.sendVerification({ school, pathway: input.pathway, step: input.step });
      return { kind: "check-inbox", sentTo: sent.sentTo, resumeStep: input.step };
    } catch {
      return { kind: "error", message: messages.verificationFailed };
    }
  }

  let membership: MembershipSummary;
  try {
    const summary = await calls.membershipSummary(schoolId);
    if (isActive(summary.details, input.now)) membership = summary.details;
    else {
      try {
        membership = await calls.createMembership(schoolId);
      } catch {
        return { kind: "error", message: messages.membershipCreateFailed };
      }
    }
  } catch {
    return { kind: "error", message: messages.membershipSummaryFailed };
  }

  return joinAsUser({ school, membership, userId: session.constituentId, now: input.now }, calls, ids, messages);
}

async function joinAsUser(
  { school, membership, userId, now }: { school: SelectedSchool; membership: MembershipSummary; userId: number; now: Date },
  calls: SchoolFlowCalls,
  ids: SchoolFlowIds,
  messages: SchoolFlowMessages,
): Promise<FlowOutcome> {
  const schoolId = school.constituentId!;
  // The membership is valid: only seats are missing, and only the school's admin can free or add them.
  const noSeatsOutcome = async (): Promise<FlowOutcome> => ({
    kind: "step",
    step: "noActiveSubscriptionOther",
    message: messages.noSeats,
    seatsFull: true,
    admins: await adminsOf(schoolId, calls),
  });
  let seat: SeatBenefit | undefined;
  try {
    seat = (await calls.seats(membership.Id)).find((benefit) => benefit.Benefit.Id === ids.userSeatBenefitId);
  } catch {
    return { kind: "error", message: messages.seatsFailed };
  }
  if (!seat || ids.userSeatBenefitId === null) return noSeatsOutcome();
  if (!seat.MembershipLevelBenefit.UnlimitedIndicator && !(seat.TotalRemaining > 0)) return noSeatsOutcome();

  let usageId: number;
  try {
    ({ usageId } = await calls.useBenefit(usageRecord(ids.userSeatBenefitId, schoolId, userId, membership.Id, now)));
  } catch (error) {
    return status(error) === 409 ? noSeatsOutcome() : { kind: "error", message: messages.benefitUsageFailed };
  }
  // The server recorded the affiliation with the usage; this confirms it. The spec does not check its failure.
  const seatLimited = !seat.MembershipLevelBenefit.UnlimitedIndicator && seat.TotalAvailable > 0;
  await calls
    .confirmAffiliation(userId, {
      AffiliationType: { Id: affiliationTypeIds.user },
      GroupConstituent: { Id: schoolId },
      IndividualConstituent: { Id: userId },
      StartDate: now.toISOString(),
      EndDate: seatLimited ? membership.ExpirationDateTime : null,
      Salary: usageId,
    })
    .catch(() => undefined);
  if (!school.hasAdmin) return { kind: "step", step: "offerAdminStatus", offer: { schoolId, membershipId: membership.Id, userId } };
  return { kind: "step", step: "done" };
}

async function otherPathway(input: FlowInput, session: SessionStatus, calls: SchoolFlowCalls, ids: SchoolFlowIds, messages: SchoolFlowMessages): Promise<FlowOutcome> {
  const individual = input.pathway === "individual";
  const ownerId = individual ? session.constituentId : input.school.constituentId;
  const noneStep: RegistrationStep = individual ? "noActiveSubscriptionIndividual" : "noActiveSubscriptionOther";
  // A hand-entered school has no membership or admin to check: only our team can set it up.
  if (ownerId === null) return { kind: "step", step: "contactSupport" };
  let summary: Awaited<ReturnType<SchoolFlowCalls["membershipSummary"]>>;
  try {
    summary = await calls.membershipSummary(ownerId);
  } catch {
    return { kind: "error", message: messages.membershipSummaryFailed };
  }
  const membership = summary.details;
  const type = input.school.type;
  const checksAdmins = !individual && (type === "independent-school" || type === "international");
  let admins: Affiliation[] = [];
  if (checksAdmins) {
    try {
      admins = (await calls.affiliations(ownerId)).filter((affiliation) => affiliation.AffiliationType.Id === affiliationTypeIds.admin);
    } catch {
      return { kind: "error", message: messages.affiliationsFailed };
    }
  }
  const contactAdmin = async (): Promise<FlowOutcome> => ({ kind: "step", step: "contactYourAdmin", admins: await adminsOf(ownerId, calls) });
  if (!isActive(membership, input.now)) {
    // Only the school's admin may buy or renew it (the server refuses anyone else): the others are sent to them.
    if (admins.length > 0 && !admins.some((admin) => admin.IndividualConstituent.Id === session.constituentId)) return contactAdmin();
    const expired = summary.expired ?? (membership && !isActive(membership, input.now) ? membership : null);
    const message = expired ? messages.expired : individual ? messages.noIndividualMembership : undefined;
    return message ? { kind: "step", step: noneStep, message } : { kind: "step", step: noneStep };
  }
  if (!checksAdmins) return { kind: "step", step: "done" };

  // The admin offer, and the admin's name, are for an address at the school's domain, once it is proven (the server asks the same).
  let matches = false;
  if (ids.emailDomainKeywordId !== null) {
    try {
      const keywordId = ids.emailDomainKeywordId;
      const domains = (await calls.attributes(ownerId, keywordId)).filter((attribute) => attribute.Keyword.Id === keywordId).map((attribute) => attribute.Value);
      matches = emailMatchesDomains(session.email, domains);
    } catch {
      return { kind: "error", message: messages.attributesFailed };
    }
  }
  if (!matches) return admins.length > 0 ? contactAdmin() : { kind: "step", step: "contactSupport" };
  if (!session.emailVerified) {
    try {
      // Following the link comes back to the step this leads to; the wizard runs this flow again there, verified.
      const resumeStep: RegistrationStep = admins.length > 0 ? "contactYourAdmin" : "offerAdminStatus";
      const sent = await calls.sendVerification({ school: input.school, pathway: input.pathway, step: resumeStep });
      return { kind: "check-inbox", sentTo: sent.sentTo, resumeStep };
    } catch {
      return { kind: "error", message: messages.verificationFailed };
    }
  }
  if (admins.length > 0) return contactAdmin();
  return { kind: "step", step: "offerAdminStatus", offer: { schoolId: ownerId, membershipId: membership.Id, userId: session.constituentId } };
}

/** The school's admins as the server lets this person see them; a failed call only loses the names. */
async function adminsOf(schoolId: number, calls: SchoolFlowCalls): Promise<SchoolAdmins> {
  try {
    return await calls.schoolAdmins(schoolId);
  } catch {
    return { names: [], youAreAdmin: false };
  }
}

function usageRecord(benefitId: number, schoolId: number, userId: number, membershipId: number, now: Date): BenefitUsage {
  return {
    Benefit: { Id: benefitId, Inactive: false, MembershipOrganization: { Id: schoolId }, Type: { Id: -2 }, PremiumId: null },
    Constituent: { Id: userId },
    Membership: { Id: membershipId },
    TotalCount: 1,
    UsedDateTime: now.toISOString(),
  };
}

/** Accepting the admin offer: an admin-seat usage (the server records the admin affiliation with it), then done. */
export async function becomeAdmin(offer: AdminOffer, now: Date, calls: SchoolFlowCalls, ids: SchoolFlowIds, messages: SchoolFlowMessages): Promise<FlowOutcome> {
  if (ids.adminSeatBenefitId === null) return { kind: "error", message: messages.makeAdminFailed };
  let usageId: number;
  try {
    ({ usageId } = await calls.useBenefit(usageRecord(ids.adminSeatBenefitId, offer.schoolId, offer.userId, offer.membershipId, now)));
  } catch {
    return { kind: "error", message: messages.makeAdminFailed };
  }
  await calls
    .confirmAffiliation(offer.userId, {
      AffiliationType: { Id: affiliationTypeIds.admin },
      GroupConstituent: { Id: offer.schoolId },
      IndividualConstituent: { Id: offer.userId },
      StartDate: now.toISOString(),
      EndDate: null,
      Salary: usageId,
    })
    .catch(() => undefined);
  return { kind: "step", step: "done" };
}
