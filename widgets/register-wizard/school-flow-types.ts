import type { PathwayKey } from "./pathways";
import type { MembershipSummary, SelectedSchool } from "../../contracts/shapes/schools";
import type { RegistrationStep } from "./steps";

/** The school flow's server calls and the records they carry (accounts spec, sections 3 and 7). */

export interface SessionStatus {
  constituentId: number;
  email: string;
  emailVerified: boolean;
}

export interface SeatBenefit {
  Benefit: { Id: number };
  MembershipLevelBenefit: { UnlimitedIndicator: boolean };
  TotalAvailable: number;
  TotalRemaining: number;
}

export interface Affiliation {
  AffiliationType: { Id: number };
  IndividualConstituent: { Id: number };
}

/** Accounts spec, section 3, "Manual benefit usage". */
export interface BenefitUsage {
  Benefit: { Id: number; Inactive: boolean; MembershipOrganization: { Id: number }; Type: { Id: -2 }; PremiumId: null };
  Constituent: { Id: number };
  Membership: { Id: number };
  TotalCount: 1;
  UsedDateTime: string;
}

export interface AffiliationRecord {
  AffiliationType: { Id: number };
  GroupConstituent: { Id: number };
  IndividualConstituent: { Id: number };
  StartDate: string;
  EndDate: string | null;
  Salary: number;
}

/** The server calls (section 7). Each throws on failure; an HttpError's status is read where it matters (409: no seats). */
export interface SchoolFlowCalls {
  checkSchool(constituentId: number): Promise<SelectedSchool>;
  /** GET /account/constituent-search/: the organisation at this postcode, or null. */
  findSchoolByPostcode(postalCode: string): Promise<number | null>;
  /** POST /account/create-constituent/: a new school record with its address; answers its id. */
  createSchool(school: SelectedSchool): Promise<number>;
  sessionStatus(): Promise<SessionStatus>;
  attributes(constituentId: number, keywordId: number): Promise<{ Keyword: { Id: number }; Value: string }[]>;
  /** Records the pending choice on the link already sent; `resend` ("Resend the email") sends another. */
  sendVerification(pending: { school: SelectedSchool; pathway: PathwayKey; step: RegistrationStep; resend?: boolean }): Promise<{ sentTo: string }>;
  membershipSummary(constituentId: number): Promise<{ details: MembershipSummary | null; expired?: MembershipSummary | null }>;
  createMembership(schoolId: number): Promise<MembershipSummary>;
  seats(membershipId: number): Promise<SeatBenefit[]>;
  useBenefit(usage: BenefitUsage): Promise<{ usageId: number }>;
  confirmAffiliation(userId: number, affiliation: AffiliationRecord): Promise<void>;
  affiliations(schoolId: number): Promise<Affiliation[]>;
  /** GET /account/school-admins/{id}/ (ours): the admins' first names and initials, only for a person the server lets see them. */
  schoolAdmins(schoolId: number): Promise<SchoolAdmins>;
}

/** Who to ask at the school: the admins' first names and initials (empty when not shown or none), and whether it is oneself. */
export interface SchoolAdmins {
  names: string[];
  youAreAdmin: boolean;
}

/** The configuration ids the page gives the widget (data attributes, per CRM environment). */
export interface SchoolFlowIds {
  emailDomainKeywordId: number | null;
  userSeatBenefitId: number | null;
  adminSeatBenefitId: number | null;
}
