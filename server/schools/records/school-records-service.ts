import type { Kysely } from "kysely";
import type { CurrentUser } from "../../accounts";
import type { Address, Attribute, Country, CrmIds, CrmPort, IdRecord, MembershipSummary, SeatBenefit, State } from "../../crm";
import type { Database } from "../../db/schema";
import { membershipIsValid } from "../../domain/membership";
import { firstNameAndInitial } from "../../domain/person-name";
import type { Logger } from "../../logging";
import type { RateLimiter } from "../../rate-limit/rate-limit";
import { SchoolRegister } from "../school-register";
import type { FieldErrors } from "../../shared/errors";
import { refuse, Refused, settle, type Refusal } from "../../shared/refusal";
import { emailStandingAt } from "../seats/school-email-standing";
import { OrganisationCreators } from "./organisation-creators";
import { NOT_FOUND_MESSAGE, recordAccess } from "./school-record-access";
import { readAddress, readOrganisation, idOf, type ReferenceLists } from "./school-record-input";
import { spendSchoolRecordWrite } from "./school-record-limits";
import { currentMembership } from "../seats/school-seats";
import { selectedSchoolOf, type SelectedSchool } from "../seats/selected-school";

/*
 * The registration wizard's reads and record creation over the CRM port
 * (accounts spec, sections 3, 4 and 7; docs/crm.md "The wizard's calls"):
 * reference data, the signed-in person's status, finding and describing a
 * school, creating one typed in by hand with its address, and a school's
 * membership, seats and email-domain attributes. A refusal is returned (a
 * Refusal with a sentence for the person); each rule refusal is logged at warn.
 */

export const POSTCODE_MISSING_MESSAGE = "Enter a postcode to search for.";
export const SCHOOL_ID_MESSAGE = "Choose a school first, then try again.";
export const SCHOOL_NOT_FOUND_MESSAGE = "We couldn't find that school. Search for it again.";
export const ADDRESS_OWNER_MISSING_MESSAGE = "Say which school or person this address is for (Constituent.Id).";
export const ADDRESS_NOT_FOUND_MESSAGE = "We couldn't find that address. Reload the page and try again.";

export interface SessionStatus {
  success: true;
  session_data: { login_info: { email: string } | null };
  constituentId?: number;
  emailVerified?: boolean;
}

export interface OrganisationBenefitSummary {
  Membership: MembershipSummary | null;
  Benefits: SeatBenefit[];
}

export interface MembershipSummaryAnswer {
  /** The membership valid now, or null (an expired one counts as none). */
  details: MembershipSummary | null;
  /** Without a valid one, the latest expired one, so the wizard can say it needs renewing. */
  expired: MembershipSummary | null;
}

export interface SchoolRecordsService {
  countries(): Promise<Country[]>;
  states(): Promise<State[]>;
  sessionStatus(user: CurrentUser | undefined): Promise<SessionStatus>;
  /** The first organisation with an address at this postcode (spaces and case ignored), if any. */
  organisationByPostcode(userId: number, postcode: string): Promise<IdRecord | undefined | Refusal>;
  constituentDetail(userId: number, constituentId: number): Promise<{ Id: number; DisplayName: string; SortName: string; Addresses: Address[] } | Refusal>;
  schoolCheck(userId: number, body: unknown): Promise<SelectedSchool | Refusal>;
  createOrganisation(userId: number, body: unknown): Promise<IdRecord | Refusal>;
  createAddress(userId: number, body: unknown): Promise<IdRecord | Refusal>;
  updateAddress(userId: number, addressId: number, body: unknown): Promise<void | Refusal>;
  membershipSummary(userId: number, constituentId: number): Promise<MembershipSummaryAnswer | Refusal>;
  seatBenefits(userId: number, membershipId: number): Promise<SeatBenefit[] | Refusal>;
  /** An organisation's current membership with its seat benefits, in one answer (the School tab's and the wizard's summary). */
  organisationBenefitSummary(userId: number, constituentId: number): Promise<OrganisationBenefitSummary | Refusal>;
  /**
   * The school's current admins, each as a first name and initial ("Tom E."),
   * for a person who may know them: one of the school's own people, or one
   * whose verified email is at the school's domain. Anyone else: none.
   */
  schoolAdmins(userId: number, schoolId: number): Promise<{ admins: string[]; youAreAdmin: boolean } | Refusal>;
  /** keywordIds undefined: the email-domain keyword. */
  attributes(userId: number, constituentId: number, keywordIds: readonly number[] | undefined): Promise<Attribute[] | Refusal>;
}

export interface SchoolRecordsDependencies {
  crm: CrmPort;
  ids: CrmIds;
  db: Kysely<Database>;
  logger: Logger;
  /** Counts the records each person writes by hand (school-record-limits.ts). */
  rateLimiter: RateLimiter;
  /** Whether the person's email is verified; the email-verification work supplies it (until then, no one's is). */
  emailVerified?: (personId: number) => Promise<boolean>;
  /** The person's address when verified (undefined otherwise): who may see a school's admins. */
  verifiedEmail?: (personId: number) => Promise<string | undefined>;
  clock?: () => Date;
}

function badRequest(errors: FieldErrors): Refusal {
  return refuse("invalid", "Some details need correcting. Check the highlighted fields and try again.", { errors });
}

export function createSchoolRecordsService(deps: SchoolRecordsDependencies): SchoolRecordsService {
  const { crm, ids, logger, rateLimiter } = deps;
  const clock = deps.clock ?? (() => new Date());
  const emailVerified = deps.emailVerified ?? (async () => false);
  const verifiedEmail = deps.verifiedEmail ?? (async () => undefined);
  const register = new SchoolRegister(deps.db);
  const creators = new OrganisationCreators(deps.db);
  const access = recordAccess({ crm, ids, creators, logger });
  const lists = async (): Promise<ReferenceLists> => ({ countries: await crm.countries(), states: await crm.states(), defaultCountryId: ids.defaultCountryId });

  return {
    countries: () => crm.countries(),
    states: () => crm.states(),

    async sessionStatus(user) {
      if (!user) return { success: true, session_data: { login_info: null } };
      return { success: true, session_data: { login_info: { email: user.email } }, constituentId: user.id, emailVerified: await emailVerified(user.id) };
    },

    async organisationByPostcode(_userId, postcode) {
      if (postcode.trim() === "") return badRequest({ post: [POSTCODE_MISSING_MESSAGE] });
      if (postcode.length > 20) return badRequest({ post: ["A postcode is 20 characters or fewer."] });
      const [first] = await crm.searchOrganisationsByPostcode(postcode);
      return first;
    },

    constituentDetail: (userId, constituentId) =>
      settle(async () => {
        const detail = await access.readable(userId, constituentId, "constituent-detail-own-only");
        return { Id: detail.Id, DisplayName: detail.DisplayName, SortName: detail.SortName, Addresses: detail.Addresses };
      }),

    async schoolCheck(_userId, body) {
      const now = clock();
      const id = idOf(body !== null && typeof body === "object" ? (body as Record<string, unknown>).constituentId : undefined);
      if (id === undefined || Number.isNaN(id)) return badRequest({ constituentId: [SCHOOL_ID_MESSAGE] });
      const detail = await crm.constituentDetail(id);
      // Schools are public knowledge, so any signed-in person may refresh one; a person's record is not a school.
      if (!detail || !access.isOrganisation(detail)) return refuse("not-found", SCHOOL_NOT_FOUND_MESSAGE);
      return selectedSchoolOf(crm, ids, { detail, register: await register.byConstituentId(id) }, now);
    },

    createOrganisation: (userId, body) => settle(async () => {
      const now = clock();
      const read = readOrganisation(body, await lists());
      if (!read.ok) return badRequest(read.errors);
      await spendSchoolRecordWrite(rateLimiter, "organisations", userId);
      // The type is the server's to decide: whatever ConstituentType the browser sent, this is an organisation, and not a register school.
      const created = await crm.createOrganisation(read.value, now);
      await creators.record(created.Id, userId, now);
      logger.info({ userId, organisationId: created.Id }, "school records: organisation created by hand");
      return created;
    }),

    createAddress: (userId, body) => settle(async () => {
      const now = clock();
      const ownerId = ownerOf(body);
      const read = readAddress(body, await lists());
      if (!read.ok) return badRequest(read.errors);
      await access.changeable(userId, ownerId, "address-of-own-organisation-only");
      await spendSchoolRecordWrite(rateLimiter, "addresses", userId);
      return crm.createAddress(ownerId, read.value, now);
    }),

    updateAddress: (userId, addressId, body) => settle(async () => {
      const now = clock();
      const ownerId = ownerOf(body);
      const read = readAddress(body, await lists());
      if (!read.ok) return badRequest(read.errors);
      const owner = await access.changeable(userId, ownerId, "address-of-own-organisation-only");
      // The address must be the owner's own: an id from another record is unknown here.
      if (!owner.Addresses.some((address) => address.Id === addressId)) return refuse("not-found", ADDRESS_NOT_FOUND_MESSAGE);
      await spendSchoolRecordWrite(rateLimiter, "addresses", userId);
      if (!(await crm.updateAddress(addressId, read.value, now))) return refuse("not-found", ADDRESS_NOT_FOUND_MESSAGE);
    }),

    membershipSummary: (userId, constituentId) => settle(async () => {
      const now = clock();
      await access.readable(userId, constituentId, "membership-summary-own-only");
      const details = (await currentMembership(crm, constituentId, now)) ?? null;
      if (details) return { details, expired: null };
      // memberships() come latest expiry first.
      const expired = (await crm.memberships(constituentId)).find((membership) => !membershipIsValid(membership.ExpirationDateTime, now)) ?? null;
      return { details: null, expired };
    }),

    seatBenefits: (userId, membershipId) => settle(async () => {
      const membership = await crm.membershipSummary(membershipId);
      if (!membership) return refuse("not-found", NOT_FOUND_MESSAGE);
      await access.readable(userId, membership.Constituent.Id, "seat-benefits-own-only");
      return crm.seatBenefits(membershipId);
    }),

    organisationBenefitSummary: (userId, constituentId) => settle(async () => {
      const detail = await access.readable(userId, constituentId, "benefit-summary-of-organisations-only");
      if (!access.isOrganisation(detail)) access.deny(userId, "benefit-summary-of-organisations-only", { constituentId });
      const membership = (await currentMembership(crm, constituentId, clock())) ?? null;
      return { Membership: membership, Benefits: membership ? await crm.seatBenefits(membership.Id) : [] };
    }),

    async schoolAdmins(userId, schoolId) {
      const now = clock();
      const detail = await crm.constituentDetail(schoolId);
      if (!detail || !access.isOrganisation(detail)) return refuse("not-found", SCHOOL_NOT_FOUND_MESSAGE);
      const current = await crm.affiliations({ groupConstituentId: schoolId, currentAt: now });
      const belongs = current.some((affiliation) => affiliation.IndividualConstituent.Id === userId);
      if (!belongs && (await emailStandingAt(crm, ids, await verifiedEmail(userId), schoolId)) !== "matches") return { admins: [], youAreAdmin: false };
      const admins = current.filter((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin);
      return {
        admins: [...new Set(admins.filter((admin) => admin.IndividualConstituent.Id !== userId).map((admin) => firstNameAndInitial(admin.IndividualConstituent)))],
        youAreAdmin: admins.some((admin) => admin.IndividualConstituent.Id === userId),
      };
    },

    attributes: (userId, constituentId, keywordIds) => settle(async () => {
      const detail = await access.readable(userId, constituentId, "attributes-of-organisations-only");
      if (!access.isOrganisation(detail)) access.deny(userId, "attributes-of-organisations-only", { constituentId });
      return crm.attributes(constituentId, keywordIds ?? [ids.emailDomainKeywordId]);
    }),
  };
}

/** The Constituent.Id an address record is for; refused ("invalid") without one. */
function ownerOf(body: unknown): number {
  const id = idOf(body !== null && typeof body === "object" ? (body as Record<string, unknown>).Constituent : undefined);
  if (id === undefined || Number.isNaN(id)) throw new Refused(badRequest({ Constituent: [ADDRESS_OWNER_MISSING_MESSAGE] }));
  return id;
}
