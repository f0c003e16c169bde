import type { Address, AddressInput, Attribute, ConstituentDetail, CrmPort } from "../crm-port";
import type { CrmIds } from "../crm-ids";
import type { TessituraClient } from "./http-client";

/*
 * Organisations, their addresses and attributes in Tessitura:
 * /CRM/Constituents/Detail (create), /CRM/Constituents/{id}/Detail,
 * /CRM/Addresses, /CRM/Constituents/Search and /CRM/Attributes (an
 * attribute's holders: Tessitura's attribute search by the keyword's
 * description, each hit confirmed against its own attributes). Field names
 * are the vendor's (tests check every request against its Swagger description).
 */

type ConstituentRecords = Pick<
  CrmPort,
  "createOrganisation" | "constituentDetail" | "searchOrganisationsByPostcode" | "createAddress" | "updateAddress" | "attributes" | "replaceAttributes" | "attributeHolders"
>;

interface TessituraAddress {
  Id: number;
  AddressType?: { Id: number };
  Constituent?: { Id: number };
  Months?: string;
  PrimaryIndicator?: boolean;
  Street1?: string;
  Street2?: string;
  Street3?: string;
  City?: string;
  PostalCode?: string;
  Country?: { Id: number };
  State?: { Id: number };
  Inactive?: boolean;
  UpdatedDateTime?: string;
}

interface TessituraConstituentDetail {
  Id: number;
  ConstituentType?: { Id: number };
  DisplayName?: string;
  SortName?: string;
  LastName?: string;
  Addresses?: TessituraAddress[];
}

export interface TessituraAttribute {
  Id: number;
  Keyword?: { Id: number };
  Value?: string;
}

const ALL_MONTHS = "YYYYYYYYYYYY";

/** An address as Tessitura takes it: no nulls (the vendor's description has none), no fields it does not know. */
export function addressBody(ids: CrmIds, constituentId: number, address: AddressInput): Record<string, unknown> {
  return {
    Constituent: { Id: constituentId },
    AddressType: { Id: ids.addressTypeId },
    Street1: address.Street1,
    Street2: address.Street2 ?? "",
    Street3: address.Street3 ?? "",
    City: address.City,
    PostalCode: address.PostalCode,
    Country: { Id: address.CountryId ?? ids.defaultCountryId },
    ...(address.StateId ? { State: { Id: address.StateId } } : {}),
    PrimaryIndicator: address.PrimaryIndicator ?? true,
    Months: ALL_MONTHS,
    Inactive: false,
  };
}

function addressOf(row: TessituraAddress, constituentId: number): Address {
  return {
    Id: row.Id,
    AddressType: { Id: row.AddressType?.Id ?? 0 },
    Constituent: { Id: row.Constituent?.Id ?? constituentId },
    // The port's label is free text; Tessitura's Label is a flag, so it carries none.
    Label: "",
    Months: row.Months ?? ALL_MONTHS,
    PrimaryIndicator: row.PrimaryIndicator ?? false,
    Street1: row.Street1 ?? "",
    Street2: row.Street2 ?? "",
    Street3: row.Street3 ?? "",
    City: row.City ?? "",
    PostalCode: row.PostalCode ?? "",
    Country: { Id: row.Country?.Id ?? 0 },
    State: row.State ? { Id: row.State.Id } : null,
    Inactive: row.Inactive ?? false,
    UpdatedDateTime: row.UpdatedDateTime ?? "",
  };
}

/** A constituent's own attributes (not its affiliates', which Tessitura adds unless told not to). */
export async function ownAttributes(client: TessituraClient, constituentId: number): Promise<TessituraAttribute[]> {
  return (await client.request<TessituraAttribute[]>("GET", "/CRM/Attributes", { query: { constituentId, includeAffiliations: "false" } })) ?? [];
}

export function normalisePostcode(postcode: string): string {
  return postcode.replace(/\s+/g, "").toUpperCase();
}

export function tessituraConstituents(client: TessituraClient, ids: CrmIds): ConstituentRecords {
  return {
    async createOrganisation(organisation) {
      const created = await client.request<{ Id: number }>("POST", "/CRM/Constituents/Detail", {
        body: {
          ConstituentType: { Id: ids.constituentTypes.organisation },
          LastName: organisation.LastName,
          OriginalSource: { Id: ids.originalSourceId },
        },
      });
      if (!created) throw new Error("Tessitura created no constituent");
      // Addresses and email addresses are their own records in Tessitura.
      for (const address of organisation.Addresses) await client.request("POST", "/CRM/Addresses", { body: addressBody(ids, created.Id, address) });
      for (const email of organisation.ElectronicAddresses ?? []) {
        await client.request("POST", "/CRM/ElectronicAddresses", {
          body: {
            Constituent: { Id: created.Id },
            ElectronicAddressType: { Id: ids.emailAddressTypeId },
            Address: email.Address,
            PrimaryIndicator: true,
            Months: ALL_MONTHS,
            Inactive: false,
            AllowMarketing: false,
          },
        });
      }
      return { Id: created.Id };
    },

    async constituentDetail(id) {
      const detail = await client.request<TessituraConstituentDetail>("GET", `/CRM/Constituents/${encodeURIComponent(String(id))}/Detail`, { notFound: "undefined" });
      if (!detail) return undefined;
      const result: ConstituentDetail = {
        Id: detail.Id,
        ConstituentType: { Id: detail.ConstituentType?.Id ?? 0 },
        DisplayName: detail.DisplayName ?? detail.LastName ?? "",
        SortName: detail.SortName ?? detail.LastName ?? "",
        Addresses: (detail.Addresses ?? []).filter((address) => !address.Inactive).map((address) => addressOf(address, detail.Id)),
      };
      return result;
    },

    async searchOrganisationsByPostcode(postcode) {
      const found = await client.request<{ ConstituentSummaries?: { Id: number; ConstituentType?: string }[] }>("GET", "/CRM/Constituents/Search", {
        query: { type: "basic", post: normalisePostcode(postcode) },
      });
      const idsFound = new Set<number>();
      for (const summary of found?.ConstituentSummaries ?? []) {
        if (summary.ConstituentType === String(ids.constituentTypes.organisation)) idsFound.add(summary.Id);
      }
      return [...idsFound].map((Id) => ({ Id }));
    },

    async createAddress(constituentId, address) {
      const created = await client.request<{ Id: number }>("POST", "/CRM/Addresses", { body: addressBody(ids, constituentId, address) });
      if (!created) throw new Error("Tessitura created no address");
      return { Id: created.Id };
    },

    async updateAddress(id, address) {
      const existing = await client.request<TessituraAddress>("GET", `/CRM/Addresses/${id}`, { notFound: "undefined" });
      if (!existing) return false;
      await client.request("PUT", `/CRM/Addresses/${id}`, { body: { Id: id, ...addressBody(ids, existing.Constituent?.Id ?? 0, address) } });
      return true;
    },

    async attributes(constituentId, keywordIds) {
      const rows = await ownAttributes(client, constituentId);
      const wanted = new Set(keywordIds);
      return rows
        .filter((row) => row.Keyword && wanted.has(row.Keyword.Id))
        .map((row): Attribute => ({ Keyword: { Id: row.Keyword!.Id }, Value: row.Value ?? "" }));
    },

    async replaceAttributes(constituentId, keywordId, values) {
      const rows = await ownAttributes(client, constituentId);
      for (const row of rows) if (row.Keyword?.Id === keywordId) await client.request("DELETE", `/CRM/Attributes/${row.Id}`);
      for (const value of values) {
        await client.request("POST", "/CRM/Attributes", { body: { Constituent: { Id: constituentId }, Keyword: { Id: keywordId }, Value: value } });
      }
    },

    async attributeHolders(keywordId, values) {
      const wanted = [...new Set(values.map((value) => value.trim().toLowerCase()).filter(Boolean))];
      if (wanted.length === 0) return [];
      // The attribute search names its keyword by description, not id.
      const keyword = await client.request<{ Id: number; Description?: string }>("GET", `/ReferenceData/Keywords/${keywordId}`, { notFound: "undefined" });
      if (!keyword?.Description) return [];
      const candidates = new Set<number>();
      for (const value of wanted) {
        const found = await client.request<{ ConstituentSummaries?: { Id: number }[] }>("GET", "/CRM/Constituents/Search", {
          query: { type: "attribute", key: keyword.Description, op: "Equals", value, includeAffiliates: "false" },
        });
        for (const summary of found?.ConstituentSummaries ?? []) candidates.add(summary.Id);
      }
      // Each hit confirmed by its own attributes: the port compares values case-insensitively, whatever Tessitura's collation.
      const holders: number[] = [];
      for (const id of [...candidates].sort((a, b) => a - b)) {
        const held = await ownAttributes(client, id);
        if (held.some((row) => row.Keyword?.Id === keywordId && wanted.includes((row.Value ?? "").trim().toLowerCase()))) holders.push(id);
      }
      return holders;
    },
  };
}
