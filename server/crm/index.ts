/**
 * The CRM capability's front door for features: the port they are given and
 * the configuration ids they read. Features never build an adapter; the
 * composition root does, through ./adapters.ts (docs/crm.md).
 */
export type {
  ConstituentId,
  MembershipId,
  IdRecord,
  Country,
  State,
  CrmReferenceData,
  AddressInput,
  Address,
  ConstituentDetail,
  PersonContact,
  PersonSummary,
  PeopleQuery,
  CurrentMember,
  CurrentSchoolMembership,
  PersonDetails,
  PersonInput,
  OrganisationInput,
  Attribute,
  MembershipSummary,
  EndingMembership,
  MembershipFigures,
  SeatBenefit,
  NewMembership,
  MembershipPayment,
  MembershipRenewal,
  BenefitUsageInput,
  Affiliation,
  AffiliationInput,
  CrmUnitOptions,
  ErasedPerson,
  CrmPort,
} from "./crm-port";
export { CRM_IDS, type CrmEnvironment, type CrmIds, type MembershipLevelIds } from "./crm-ids";
