import type { Affiliation, CrmPort } from "../crm-port";
import type { TessituraClient } from "./http-client";

/*
 * Affiliations (a person's role at a school) in /CRM/Affiliations. The port's
 * benefit usage id (the seat that pays for the role) is kept in Tessitura's
 * Salary field, as the accounts spec says.
 */

type AffiliationRecords = Pick<CrmPort, "affiliations" | "affiliation" | "createAffiliation" | "endAffiliation">;

export interface TessituraAffiliation {
  Id: number;
  AffiliationType?: { Id: number };
  GroupConstituent?: { Id: number };
  IndividualConstituent?: { Id: number };
  GroupConstituentName?: string;
  GroupConstituentSortName?: string;
  IndividualConstituentName?: string;
  IndividualConstituentSortName?: string;
  IsIncludedInSearchResults?: boolean;
  StartDate?: string;
  EndDate?: string;
  Salary?: number;
  Inactive?: boolean;
}

function affiliationOf(row: TessituraAffiliation): Affiliation {
  return {
    Id: row.Id,
    AffiliationType: { Id: row.AffiliationType?.Id ?? 0 },
    GroupConstituent: { Id: row.GroupConstituent?.Id ?? 0, DisplayName: row.GroupConstituentName ?? "", SortName: row.GroupConstituentSortName ?? "" },
    IndividualConstituent: {
      Id: row.IndividualConstituent?.Id ?? 0,
      DisplayName: row.IndividualConstituentName ?? "",
      SortName: row.IndividualConstituentSortName ?? "",
    },
    IsIncludedInSearchResults: row.IsIncludedInSearchResults ?? false,
    StartDate: row.StartDate ?? "",
    EndDate: row.EndDate ?? null,
    Salary: row.Salary ?? null,
  };
}

/** An affiliation as PUT /CRM/Affiliations/{id} takes it back: the record's own fields, with `changes`. */
export function affiliationBody(row: TessituraAffiliation, changes: { EndDate?: string; GroupConstituent?: { Id: number } }): Record<string, unknown> {
  const endDate = changes.EndDate ?? row.EndDate;
  return {
    Id: row.Id,
    AffiliationType: { Id: row.AffiliationType?.Id ?? 0 },
    GroupConstituent: changes.GroupConstituent ?? { Id: row.GroupConstituent?.Id ?? 0 },
    IndividualConstituent: { Id: row.IndividualConstituent?.Id ?? 0 },
    ...(row.StartDate ? { StartDate: row.StartDate } : {}),
    ...(endDate ? { EndDate: endDate } : {}),
    ...(row.Salary !== undefined && row.Salary !== null ? { Salary: row.Salary } : {}),
    IsIncludedInSearchResults: row.IsIncludedInSearchResults ?? true,
    Inactive: false,
  };
}

function current(row: Affiliation, at: Date): boolean {
  const time = at.getTime();
  return (!row.StartDate || Date.parse(row.StartDate) <= time) && (row.EndDate === null || Date.parse(row.EndDate) > time);
}

export function tessituraAffiliations(client: TessituraClient): AffiliationRecords {
  return {
    async affiliations(query) {
      const rows =
        (await client.request<TessituraAffiliation[]>("GET", "/CRM/Affiliations", {
          query: { groupConstituentId: query.groupConstituentId, individualConstituentId: query.individualConstituentId },
        })) ?? [];
      const found = rows.map(affiliationOf);
      return query.currentAt ? found.filter((row) => current(row, query.currentAt!)) : found;
    },

    async affiliation(id) {
      const row = await client.request<TessituraAffiliation>("GET", `/CRM/Affiliations/${id}`, { notFound: "undefined" });
      return row ? affiliationOf(row) : undefined;
    },

    async createAffiliation(affiliation) {
      const created = await client.request<{ Id: number }>("POST", "/CRM/Affiliations", {
        body: {
          AffiliationType: { Id: affiliation.affiliationTypeId },
          GroupConstituent: { Id: affiliation.groupConstituentId },
          IndividualConstituent: { Id: affiliation.individualConstituentId },
          StartDate: affiliation.startDate.toISOString(),
          ...(affiliation.endDate ? { EndDate: affiliation.endDate.toISOString() } : {}),
          ...(affiliation.benefitUsageId !== null ? { Salary: affiliation.benefitUsageId } : {}),
          IsIncludedInSearchResults: true,
          Inactive: false,
        },
      });
      if (!created) throw new Error("Tessitura created no affiliation");
      return { Id: created.Id };
    },

    async endAffiliation(id, endDate) {
      const row = await client.request<TessituraAffiliation>("GET", `/CRM/Affiliations/${id}`);
      if (!row) return;
      await client.request("PUT", `/CRM/Affiliations/${id}`, { body: affiliationBody(row, { EndDate: endDate.toISOString() }) });
    },
  };
}
