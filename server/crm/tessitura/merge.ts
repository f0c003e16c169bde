import type { CrmPort } from "../crm-port";
import { affiliationBody, type TessituraAffiliation } from "./affiliations";
import { ownAttributes } from "./constituents";
import type { TessituraClient } from "./http-client";
import { TessituraNotSupportedError } from "./not-supported";

/*
 * Merging a hand-entered school into its register record (CrmPort.mergeOrganisation;
 * docs/crm.md, "The Tessitura adapter"). Its affiliations are moved by PUT
 * /CRM/Affiliations/{id} with the new group (the same record: its seat's usage
 * id in Salary stays); its attributes are made again on the register record
 * (values it already holds skipped) and deleted from the old one. Tessitura
 * 15.2's REST API has no call that moves a membership to another
 * constituent, so a school that holds memberships is refused before anything
 * moves: merge it in Tessitura itself.
 */

export function tessituraMerge(client: TessituraClient): Pick<CrmPort, "mergeOrganisation"> {
  return {
    async mergeOrganisation(fromId, intoId) {
      const memberships = (await client.request<{ Id: number }[]>("GET", "/CRM/Memberships/Details", { query: { constituentId: fromId } })) ?? [];
      if (memberships.length > 0) {
        throw new TessituraNotSupportedError(
          "mergeOrganisation",
          `cannot merge constituent ${fromId}: it holds ${memberships.length} membership(s), and Tessitura 15.2's REST API cannot move a membership to another constituent; merge the two in Tessitura itself`,
        );
      }
      const affiliations = (await client.request<TessituraAffiliation[]>("GET", "/CRM/Affiliations", { query: { groupConstituentId: fromId } })) ?? [];
      const moving = affiliations.filter((row) => row.GroupConstituent?.Id === fromId);
      for (const row of moving) {
        await client.request("PUT", `/CRM/Affiliations/${row.Id}`, { body: affiliationBody(row, { GroupConstituent: { Id: intoId } }) });
      }
      const held = new Set((await ownAttributes(client, intoId)).map((row) => `${row.Keyword?.Id}:${(row.Value ?? "").trim().toLowerCase()}`));
      for (const row of await ownAttributes(client, fromId)) {
        const key = `${row.Keyword?.Id}:${(row.Value ?? "").trim().toLowerCase()}`;
        if (row.Keyword && !held.has(key)) {
          await client.request("POST", "/CRM/Attributes", { body: { Constituent: { Id: intoId }, Keyword: { Id: row.Keyword.Id }, Value: row.Value ?? "" } });
          held.add(key);
        }
        await client.request("DELETE", `/CRM/Attributes/${row.Id}`);
      }
      return { affiliations: moving.length, memberships: 0 };
    },
  };
}
