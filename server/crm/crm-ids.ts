/**
 * The CRM's configuration ids. Tessitura keeps one id set per environment
 * (accounts spec, section 9), chosen by CRM_ENV. Values the spec gives are
 * used as given; the rest are this project's choices for the embedded CRM,
 * listed in docs/crm.md, and must be replaced by the real ones when a
 * Tessitura adapter is configured.
 */
export type CrmEnvironment = "test" | "production";

export interface MembershipLevelIds {
  /** The individual yearly plan's level; it also gives one seat. */
  individual: number;
  /**
   * The individual monthly plan's level, one seat like the yearly one. A level
   * of its own because Tessitura dates a membership by its level's rules (a
   * month here, a year for the others; docs/crm.md). The spec gives no id:
   * this project's choice, which an organisation replaces with its own.
   */
  individualMonthly: number;
  /** The free, unlimited level a state school gets when it has none. */
  stateSchool: number;
  /** School levels, each with the number of seats it gives, smallest first. */
  seatLevels: readonly { id: number; seats: number }[];
}

export interface CrmIds {
  affiliationTypes: { teacher: number; user: number; admin: number };
  /** The keyword whose attribute values are a school's allowed email domains. */
  emailDomainKeywordId: number;
  membershipLevels: MembershipLevelIds;
  seatBenefits: { userSeat: number; adminSeat: number };
  constituentTypes: { individual: number; organisation: number };
  originalSourceId: number;
  addressTypeId: number;
  emailAddressTypeId: number;
  /** The phone type a person's phone is written with (Tessitura's /CRM/Phones). */
  phoneTypeId: number;
  fundId: number;
  /** How Tessitura marks an erased person's record (its inactive status and reason); the embedded CRM has its own deleted_at. */
  erasedConstituent: { inactiveId: number; inactiveReasonId: number };
  /** Used when a school's country is missing. */
  defaultCountryId: number;
}

const shared = {
  affiliationTypes: { teacher: 10047, user: 10052, admin: 10053 },
  constituentTypes: { individual: 1, organisation: 8 },
  originalSourceId: 3,
  addressTypeId: 3,
  emailAddressTypeId: 1,
  phoneTypeId: 1,
  erasedConstituent: { inactiveId: 2, inactiveReasonId: 1 },
  defaultCountryId: 209,
} as const;

export const CRM_IDS: Record<CrmEnvironment, CrmIds> = {
  test: {
    ...shared,
    emailDomainKeywordId: 671,
    membershipLevels: {
      individual: 95,
      individualMonthly: 99,
      stateSchool: 98,
      seatLevels: [
        { id: 95, seats: 1 },
        { id: 96, seats: 5 },
        { id: 97, seats: 10 },
      ],
    },
    seatBenefits: { userSeat: 301, adminSeat: 302 },
    fundId: 17,
  },
  production: {
    ...shared,
    emailDomainKeywordId: 681,
    membershipLevels: {
      individual: 92,
      individualMonthly: 90,
      stateSchool: 91,
      seatLevels: [
        { id: 92, seats: 1 },
        { id: 93, seats: 6 },
        { id: 94, seats: 10 },
      ],
    },
    seatBenefits: { userSeat: 401, adminSeat: 402 },
    fundId: 27,
  },
};
