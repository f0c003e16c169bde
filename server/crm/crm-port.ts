/*
 * The CRM port: what the site asks of the customer-relationship system behind
 * it. Shapes follow Tessitura's REST records (accounts spec, section 3), so a
 * Tessitura adapter maps them one to one; the embedded adapter
 * (sql-crm.ts) keeps them in the site's own database. Ids are opaque numbers
 * minted by the CRM: nothing outside an adapter does arithmetic on them or
 * knows which table they come from.
 */

import type { Kysely } from "kysely";
import type { Database } from "../db/schema";

export type ConstituentId = number;
export type MembershipId = number;

export interface IdRecord {
  Id: number;
}

export interface Country {
  Id: number;
  Description: string;
}

export interface State {
  Id: number;
  Description: string;
  Country: IdRecord;
}

/** The reference data the wizard and the importer look up; an adapter may cache it. */
export interface CrmReferenceData {
  countries(): Promise<Country[]>;
  states(): Promise<State[]>;
}

export interface AddressInput {
  Street1: string;
  Street2?: string;
  Street3?: string;
  City: string;
  PostalCode: string;
  /** Missing: the configured default country (the UK, 209). */
  CountryId?: number | null;
  StateId?: number | null;
  PrimaryIndicator?: boolean;
  Label?: string;
}

export interface Address {
  Id: number;
  AddressType: IdRecord;
  Constituent: IdRecord;
  Label: string;
  Months: string;
  PrimaryIndicator: boolean;
  Street1: string;
  Street2: string;
  Street3: string;
  City: string;
  PostalCode: string;
  Country: IdRecord;
  State: IdRecord | null;
  Inactive: boolean;
  UpdatedDateTime: string;
}

export interface ConstituentDetail {
  Id: ConstituentId;
  ConstituentType: IdRecord;
  DisplayName: string;
  SortName: string;
  Addresses: Address[];
}

/** How to write to a person: their first name and their email address (null when they have none, e.g. erased). */
export interface PersonContact {
  Id: ConstituentId;
  FirstName: string;
  Email: string | null;
}

/** A member, and one membership they are a member through (the back office's members export). */
export interface CurrentMember {
  PersonId: ConstituentId;
  FirstName: string;
  LastName: string;
  Email: string | null;
  MembershipId: MembershipId;
  LevelId: number;
  ExpirationDateTime: string;
  /** The school whose membership it is, or null for the person's own. */
  School: { Id: ConstituentId; Name: string } | null;
}

/** A school with a current membership, as the back office's schools-with-seats export lists it. */
export interface CurrentSchoolMembership {
  SchoolId: ConstituentId;
  SchoolName: string;
  /** The school's current membership that ends last. */
  MembershipId: MembershipId;
  LevelId: number;
  ExpirationDateTime: string;
  /** That membership's seat benefits, each with its seats in use. */
  Seats: { BenefitId: number; Unlimited: boolean; TotalAvailable: number; TotalUsed: number }[];
  /** The school's admins now (their roles started and not ended), erased people left out, in id order. */
  AdminEmails: string[];
}

/** A person as a list shows them. */
export type PersonSummary = Pick<PersonDetails, "Id" | "FirstName" | "LastName" | "Email" | "CreatedDateTime">;

/** A person's own details: the account's name and title, the data export's phone and joining date. */
export interface PersonDetails extends PersonContact {
  LastName: string;
  /** The title's id (Mr, Ms…); -1 for none. */
  PrefixId: number;
  Phone: string;
  /** When the record was created (ISO 8601): the account's creation, for a person who signed up. */
  CreatedDateTime: string;
}

/** A person as the site creates or corrects them (a sign-up's details, a fixture). */
export interface PersonInput {
  FirstName: string;
  LastName: string;
  Phone: string;
  /** The title's id (Mr, Ms…); -1 for none. */
  PrefixId: number;
}

export interface OrganisationInput {
  /** The organisation's name (Tessitura keeps it in LastName). */
  LastName: string;
  Addresses: AddressInput[];
  /** Email addresses of the organisation, if any. */
  ElectronicAddresses?: { Address: string }[];
}

export interface Attribute {
  Keyword: IdRecord;
  Value: string;
}

export interface MembershipSummary {
  Id: MembershipId;
  MembershipLevel: IdRecord;
  ExpirationDateTime: string;
  InitiationDateTime: string;
  Constituent: { Id: ConstituentId; DisplayName: string; SortName: string };
}

/** A membership as the reminders see it: whose it is, a person's or an organisation's (ConstituentType, CrmIds.constituentTypes). */
export interface EndingMembership extends MembershipSummary {
  ConstituentType: IdRecord;
}

export interface SeatBenefit {
  Id: number;
  BenefitMembershipSummary: IdRecord;
  Benefit: IdRecord;
  MembershipLevelBenefit: { UnlimitedIndicator: boolean };
  TotalAvailable: number;
  TotalRemaining: number;
}

export interface NewMembership {
  constituentId: ConstituentId;
  levelId: number;
  initiation: Date;
  expiration: Date;
  /** The seats it gives: one benefit per kind, "unlimited" or a number. */
  seats: { benefitId: number; available: number | "unlimited" }[];
  /**
   * What was paid for it, with the payment provider's reference; missing for
   * a free one. The embedded CRM keeps no payments (the site's orders do);
   * Tessitura records the contribution's amount and this payment (docs/crm.md).
   */
  payment?: MembershipPayment;
}

/**
 * A membership's payment (pounds) and its reference: taken by the payment
 * provider, or `invoiced`, owed on a school's invoice not paid yet (the
 * reference the order's; Tessitura records an invoice payment, docs/crm.md).
 */
export interface MembershipPayment {
  amount: number;
  reference: string;
  invoiced?: boolean;
}

/**
 * A renewal (paid, or a gift): the membership runs to `expiration` at
 * `levelId`, with these seats. Tessitura dates it by its level's rules, as a
 * new membership (docs/crm.md, "Renewals").
 */
export interface MembershipRenewal {
  levelId: number;
  expiration: Date;
  /** A new start as well (a correction, or a fixture reseed that moves the dates); a paid renewal keeps its start. The embedded CRM only. */
  initiation?: Date;
  seats: { benefitId: number; available: number | "unlimited" }[];
  /** What was paid for it, or is owed on an invoice, as NewMembership.payment; missing for a gift. */
  payment?: MembershipPayment;
}

/** A membership's seats changed by staff, its dates kept: the level recording them, and the seats. */
export interface MembershipSeatChange {
  levelId: number;
  seats: { benefitId: number; available: number | "unlimited" }[];
}

export interface BenefitUsageInput {
  membershipId: MembershipId;
  benefitId: number;
  constituentId: ConstituentId;
  usedAt: Date;
}

export interface Affiliation {
  Id: number;
  AffiliationType: IdRecord;
  GroupConstituent: { Id: ConstituentId; DisplayName: string; SortName: string };
  IndividualConstituent: { Id: ConstituentId; DisplayName: string; SortName: string };
  IsIncludedInSearchResults: boolean;
  StartDate: string;
  EndDate: string | null;
  /** Tessitura's Salary field holds the id of the benefit usage that pays for the seat. */
  Salary: number | null;
}

export interface AffiliationInput {
  affiliationTypeId: number;
  groupConstituentId: ConstituentId;
  individualConstituentId: ConstituentId;
  startDate: Date;
  endDate: Date | null;
  benefitUsageId: number | null;
}

/** The back office dashboard's counts (CrmPort.membershipFigures; docs/back-office.md). */
export interface MembershipFigures {
  /** People who are members now: a current membership of their own, or a current role at a school with one (each person once). */
  members: number;
  /** Organisations (schools) with a current membership. */
  schoolsWithCurrentMembership: number;
  /** Memberships current now that expire by `until` (people's and schools'). */
  membershipsExpiring: number;
}

/** How a unit of CRM calls runs (CrmPort.inTransaction). */
export interface CrmUnitOptions {
  /**
   * Holds this constituent's lock for the whole unit: units that lock the
   * same constituent run one after the other (every grant at a school,
   * server/memberships/seat-grants-lock.ts).
   */
  lock?: ConstituentId;
  /**
   * The site's own database transaction, when the unit must commit or roll
   * back with the site's writes (a payment's fulfilment and its order; an
   * invite spent with its seat; an account's erasure and its audit record).
   * The embedded adapter's calls join it; a remote CRM cannot join another
   * system's transaction and ignores it (docs/crm.md).
   */
  joining?: Kysely<Database>;
}

/** What erasing a person leaves behind for the site's own clean-up. */
export interface ErasedPerson {
  /** The primary email the person had (their outbox messages and invites go too), null if none. */
  FormerEmail: string | null;
}

/** The back office's people finder: every typed word in the names or email; `members`, only those who are (or are not) members at `now`, through their own membership or a school's. */
export interface PeopleQuery {
  text: string;
  members?: { current: boolean; now: Date };
  limit: number;
  offset: number;
}

export interface CrmPort extends CrmReferenceData {
  /**
   * Runs `work` with a CRM whose calls form one unit: in the embedded CRM,
   * one database transaction (all of it or none of it, reads seeing its own
   * writes). Calls made on the outer port meanwhile are not part of it.
   */
  inTransaction<T>(work: (crm: CrmPort) => Promise<T>, options?: CrmUnitOptions): Promise<T>;
  createOrganisation(organisation: OrganisationInput, now: Date): Promise<IdRecord>;
  renameOrganisation(id: ConstituentId, name: string, now: Date): Promise<void>;
  constituentDetail(id: ConstituentId): Promise<ConstituentDetail | undefined>;
  /** A person's name and email, for mail about their own dealings (a receipt); undefined for no such person. */
  personContact(id: ConstituentId): Promise<PersonContact | undefined>;
  /** A person's name, title, phone and email; undefined for no such person (or a deleted one, or an organisation). */
  personDetails(id: ConstituentId): Promise<PersonDetails | undefined>;
  /** The person (not a deleted one) whose primary email this is, with how to write to them; `email` already normalised. */
  findPerson(email: string): Promise<PersonContact | undefined>;
  /**
   * People (not deleted ones) with every word of `text` somewhere in their
   * names or email, by last name then first, `limit` of them from `offset`,
   * and how many match in all: the back office's People list.
   */
  findPeople(query: PeopleQuery): Promise<{ people: PersonSummary[]; total: number }>;
  /** A new person with this primary email; undefined when another constituent has it already. */
  createPerson(person: PersonInput & { Email: string }, now: Date): Promise<IdRecord | undefined>;
  /** Corrects a person's name, phone and title. */
  updatePerson(id: ConstituentId, person: PersonInput, now: Date): Promise<void>;
  /** Makes `email` the person's primary email; false when another constituent has it (the address is unique). */
  changePrimaryEmail(id: ConstituentId, email: string, now: Date): Promise<boolean>;
  /** Organisations with an address at this postcode (spaces and case ignored). */
  searchOrganisationsByPostcode(postcode: string): Promise<IdRecord[]>;
  createAddress(constituentId: ConstituentId, address: AddressInput, now: Date): Promise<IdRecord>;
  /** False when the address does not exist. */
  updateAddress(id: number, address: AddressInput, now: Date): Promise<boolean>;

  /**
   * Erases a person (a deleted account: UK GDPR erasure): their postal and
   * email addresses and attributes go; the record stays, as an anonymised
   * placeholder that no lookup finds ("Deleted account", a dead address, no
   * phone), so the orders kept for accounting still have a payer.
   */
  erasePerson(id: ConstituentId, now: Date): Promise<ErasedPerson>;

  attributes(constituentId: ConstituentId, keywordIds: readonly number[]): Promise<Attribute[]>;
  replaceAttributes(constituentId: ConstituentId, keywordId: number, values: readonly string[]): Promise<void>;
  /** The constituents holding this keyword with one of these values, compared case-insensitively (the back office finds a school by email domain). */
  attributeHolders(keywordId: number, values: readonly string[]): Promise<ConstituentId[]>;
  /**
   * Merges one organisation into another (a school entered by hand, into its
   * register record): its affiliations, memberships (with their seats) and
   * attributes move to `into` (attribute values it already holds are not
   * repeated); `from` is left with its name and addresses only.
   */
  mergeOrganisation(fromId: ConstituentId, intoId: ConstituentId): Promise<{ affiliations: number; memberships: number }>;

  memberships(constituentId: ConstituentId): Promise<MembershipSummary[]>;
  membershipSummary(id: MembershipId): Promise<MembershipSummary | undefined>;
  createMembership(membership: NewMembership): Promise<IdRecord>;
  /**
   * Renews a membership (paid, or a gift): new level, expiry and seat counts;
   * seats in use stay used, and affiliations that were to end with the old
   * expiry now end with the new one. Answers the membership after renewal:
   * the embedded CRM extends it in place (the same id); Tessitura may make a
   * new membership record, to which the seats move (docs/crm.md, "Renewals").
   */
  renewMembership(id: MembershipId, renewal: MembershipRenewal): Promise<IdRecord>;
  /**
   * Changes a membership's seats (the back office), its dates kept; seats in
   * use stay used. The embedded CRM records the new level too; Tessitura
   * keeps its level (docs/crm.md).
   */
  changeMembershipSeats(id: MembershipId, change: MembershipSeatChange): Promise<void>;
  /**
   * Ends a membership at `at` (a refund, with its seats already given back):
   * it expires then, and affiliations that were to end with it end then.
   */
  endMembership(id: MembershipId, at: Date): Promise<void>;
  seatBenefits(membershipId: MembershipId): Promise<SeatBenefit[]>;
  /**
   * Who is a member at `now`, one row per person and membership they are a
   * member through (their own, or a school's they hold a role at), by person
   * then membership, `limit` rows after `after`: the back office's members export.
   */
  currentMembers(now: Date, after: { personId: number; membershipId: number } | null, limit: number): Promise<CurrentMember[]>;
  /**
   * Schools with a membership current at `now`, by school id, `limit` schools
   * after the school `afterSchoolId`: the back office's schools-with-seats export.
   */
  currentSchoolMemberships(now: Date, afterSchoolId: number | null, limit: number): Promise<CurrentSchoolMembership[]>;
  /**
   * Memberships whose expiry is after `from` and no later than `to`, of
   * constituents not deleted, by expiry then id: what the membership
   * reminders look at (server/memberships/membership-reminders.ts).
   */
  membershipsEndingBetween(from: Date, to: Date): Promise<EndingMembership[]>;
  /** Counts of members, schools with a membership and memberships ending soon, at `now` (the back office dashboard). */
  membershipFigures(now: Date, until: Date): Promise<MembershipFigures>;
  /**
   * Uses one seat of a membership's benefit, atomically: of any number of
   * concurrent claims for the last seat, exactly one gets the usage, the
   * others undefined. Unlimited benefits always have a seat.
   */
  claimSeat(usage: BenefitUsageInput): Promise<IdRecord | undefined>;
  /** Gives a seat back (its usage stops counting). */
  releaseSeat(benefitUsageId: number): Promise<void>;

  affiliations(query: { groupConstituentId?: ConstituentId; individualConstituentId?: ConstituentId; currentAt?: Date }): Promise<Affiliation[]>;
  affiliation(id: number): Promise<Affiliation | undefined>;
  createAffiliation(affiliation: AffiliationInput, now: Date): Promise<IdRecord>;
  /** Ends an affiliation from the given date; its seat is released. */
  endAffiliation(id: number, endDate: Date): Promise<void>;
}
