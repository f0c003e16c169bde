import type { CrmIds } from "../crm-ids";
import type { TessituraClient } from "./http-client";
import { keptFor } from "./reference-data";

/*
 * The ids of crm-ids.ts checked against Tessitura's own reference data
 * (docs/crm.md, "Configured ids checked"): the membership levels, the
 * email-domain keyword, the affiliation types, the constituent types, the
 * address, email address and phone types and the original source,
 * fetched once and kept for the reference-data refresh interval. Until they
 * all exist (and are active; the seat-holding affiliation types with Salary
 * in use), every call of the adapter fails with one error naming each id
 * that does not, rather than Tessitura refusing a write half-way through.
 */

export class TessituraConfigurationError extends Error {
  override name = "TessituraConfigurationError";
}

interface ReferenceRow {
  Id: number;
  Description?: string;
  Inactive?: boolean;
  UseSalary?: boolean;
  IsEmail?: boolean;
}

interface Expected {
  /** Where the id is in crm-ids.ts, e.g. membershipLevels.seatLevels[1].id. */
  name: string;
  id: number;
  /** The affiliation type keeps the seat's usage id in Salary. */
  usesSalary?: boolean;
  /** The electronic address type is an email's. */
  isEmail?: boolean;
}

interface ReferenceList {
  what: string;
  path: string;
  expected: Expected[];
}

function listsFor(ids: CrmIds): ReferenceList[] {
  const levels = ids.membershipLevels;
  return [
    {
      what: "membership level",
      path: "/Finance/MembershipLevels",
      expected: [
        { name: "membershipLevels.individual", id: levels.individual },
        { name: "membershipLevels.individualMonthly", id: levels.individualMonthly },
        { name: "membershipLevels.stateSchool", id: levels.stateSchool },
        ...levels.seatLevels.map((level, index) => ({ name: `membershipLevels.seatLevels[${index}].id`, id: level.id })),
      ],
    },
    { what: "keyword", path: "/ReferenceData/Keywords", expected: [{ name: "emailDomainKeywordId", id: ids.emailDomainKeywordId }] },
    {
      what: "affiliation type",
      path: "/ReferenceData/AffiliationTypes",
      expected: [
        { name: "affiliationTypes.teacher", id: ids.affiliationTypes.teacher },
        { name: "affiliationTypes.user", id: ids.affiliationTypes.user, usesSalary: true },
        { name: "affiliationTypes.admin", id: ids.affiliationTypes.admin, usesSalary: true },
      ],
    },
    {
      what: "constituent type",
      path: "/ReferenceData/ConstituentTypes",
      expected: [
        { name: "constituentTypes.individual", id: ids.constituentTypes.individual },
        { name: "constituentTypes.organisation", id: ids.constituentTypes.organisation },
      ],
    },
    { what: "address type", path: "/ReferenceData/AddressTypes", expected: [{ name: "addressTypeId", id: ids.addressTypeId }] },
    { what: "electronic address type", path: "/ReferenceData/ElectronicAddressTypes", expected: [{ name: "emailAddressTypeId", id: ids.emailAddressTypeId, isEmail: true }] },
    { what: "original source", path: "/ReferenceData/OriginalSources", expected: [{ name: "originalSourceId", id: ids.originalSourceId }] },
    { what: "phone type", path: "/ReferenceData/PhoneTypes", expected: [{ name: "phoneTypeId", id: ids.phoneTypeId }] },
  ];
}

/** What is wrong with the configured ids, one phrase each (none: all there). */
export function configuredIdProblems(lists: readonly ReferenceList[], rows: readonly ReferenceRow[][]): string[] {
  const problems: string[] = [];
  lists.forEach((list, index) => {
    const found = rows[index] ?? [];
    for (const expected of list.expected) {
      const row = found.find((candidate) => candidate.Id === expected.id);
      const named = `${expected.name} = ${expected.id}`;
      if (!row) problems.push(`${named} is no ${list.what} in Tessitura (GET ${list.path})`);
      else if (row.Inactive) problems.push(`${named} is an inactive ${list.what} in Tessitura`);
      else if (expected.usesSalary && row.UseSalary === false) problems.push(`${named} is an affiliation type without Salary in use (the seat's usage id is kept there)`);
      else if (expected.isEmail && row.IsEmail === false) problems.push(`${named} is an electronic address type that is not an email's`);
    }
  });
  return problems;
}

/**
 * Resolves once Tessitura has every configured id; rejects with a
 * TessituraConfigurationError naming those it lacks. Tessitura is asked at
 * the first call and again after each `refreshMs`.
 */
export function configuredIdsCheck(client: TessituraClient, ids: CrmIds, refreshMs: number, clock: () => number = Date.now): () => Promise<void> {
  const lists = listsFor(ids);
  const problems = keptFor(
    refreshMs,
    async () => configuredIdProblems(lists, await Promise.all(lists.map(async (list) => (await client.request<ReferenceRow[]>("GET", list.path)) ?? []))),
    clock,
  );
  return async () => {
    const found = await problems();
    if (found.length > 0) {
      throw new TessituraConfigurationError(`The CRM ids configured for this CRM_ENV (server/crm/crm-ids.ts) do not match Tessitura: ${found.join("; ")}. Set them up in Tessitura or correct crm-ids.ts (docs/crm.md).`);
    }
  };
}
