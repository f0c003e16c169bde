import type { CrmPort, MembershipSummary } from "../crm-port";
import type { TessituraClient } from "./http-client";

/* Memberships as /CRM/Memberships/Details lists them (a constituent's own). */

interface TessituraMembershipDetail {
  Id: number;
  Constituent?: { Id: number; DisplayName?: string; SortName?: string };
  InitiationDate?: string;
  ExpirationDate?: string;
  MembershipLevel?: { Id: number };
}

export function tessituraMemberships(client: TessituraClient): Pick<CrmPort, "memberships"> {
  return {
    async memberships(constituentId) {
      const rows = (await client.request<TessituraMembershipDetail[]>("GET", "/CRM/Memberships/Details", { query: { constituentId } })) ?? [];
      return rows
        .map(
          (row): MembershipSummary => ({
            Id: row.Id,
            MembershipLevel: { Id: row.MembershipLevel?.Id ?? 0 },
            InitiationDateTime: row.InitiationDate ?? "",
            ExpirationDateTime: row.ExpirationDate ?? "",
            Constituent: { Id: row.Constituent?.Id ?? constituentId, DisplayName: row.Constituent?.DisplayName ?? "", SortName: row.Constituent?.SortName ?? "" },
          }),
        )
        .sort((a, b) => Date.parse(b.ExpirationDateTime) - Date.parse(a.ExpirationDateTime));
    },
  };
}
