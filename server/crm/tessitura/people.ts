import type { CrmPort, PersonContact, PersonDetails } from "../crm-port";
import type { CrmIds } from "../crm-ids";
import { ERASED_PERSON_NAME } from "../sql-people";
import { ownAttributes } from "./constituents";
import type { TessituraClient } from "./http-client";

/*
 * People mirrored to individual constituents (docs/crm.md, "The Tessitura
 * adapter": sign-in stays in the site): /CRM/Constituents/Detail with the
 * primary email in /CRM/ElectronicAddresses; renaming an organisation through
 * /CRM/Constituents/{id}. The phone is one /CRM/Phones record of the person's
 * own, written with the configured phone type (CrmIds.phoneTypeId).
 * A new primary email replaces the address of the primary record in place
 * (PUT /CRM/ElectronicAddresses/{id}), so its history stays one record.
 * An erased person keeps an anonymised record marked inactive
 * (CrmIds.erasedConstituent), which no lookup here answers.
 */

type PeopleRecords = Pick<
  CrmPort,
  "createPerson" | "personContact" | "personDetails" | "findPerson" | "renameOrganisation" | "updatePerson" | "changePrimaryEmail" | "erasePerson"
>;

interface TessituraConstituent {
  Id: number;
  ConstituentType?: { Id: number };
  FirstName?: string;
  LastName?: string;
  Prefix?: { Id: number };
  Inactive?: { Id: number };
  CreatedDateTime?: string;
  PhoneNumbers?: { PhoneNumber?: string; Inactive?: boolean }[];
  ElectronicAddresses?: { Address?: string; PrimaryIndicator?: boolean; Inactive?: boolean }[];
}

interface TessituraElectronicAddress {
  Id: number;
  Address?: string;
  Constituent?: { Id: number };
  ElectronicAddressType?: { Id: number };
  Months?: string;
  Inactive?: boolean;
  PrimaryIndicator?: boolean;
  AllowMarketing?: boolean;
}

const ALL_MONTHS = "YYYYYYYYYYYY";

export function tessituraPeople(client: TessituraClient, ids: CrmIds): PeopleRecords {
  const detail = (id: number) => client.request<TessituraConstituent>("GET", `/CRM/Constituents/${id}/Detail`, { notFound: "undefined" });

  const details = async (id: number): Promise<PersonDetails | undefined> => {
    const row = await detail(id);
    if (!row || row.ConstituentType?.Id !== ids.constituentTypes.individual || row.Inactive?.Id === ids.erasedConstituent.inactiveId) return undefined;
    const email = (row.ElectronicAddresses ?? []).find((address) => address.PrimaryIndicator && !address.Inactive)?.Address ?? null;
    return {
      Id: row.Id,
      FirstName: row.FirstName ?? "",
      LastName: row.LastName ?? "",
      Email: email,
      PrefixId: row.Prefix?.Id ?? -1,
      Phone: row.PhoneNumbers?.find((phone) => !phone.Inactive)?.PhoneNumber ?? "",
      CreatedDateTime: row.CreatedDateTime ?? "",
    };
  };

  /** Whether `id` is a person (an individual constituent): the writes below leave anything else alone. */
  const isIndividual = async (id: number): Promise<boolean> => {
    const row = await client.request<TessituraConstituent>("GET", `/CRM/Constituents/${id}`, { notFound: "undefined" });
    return row?.ConstituentType?.Id === ids.constituentTypes.individual;
  };

  /** The person's own phone records (not their affiliates'). */
  const phonesOf = async (id: number): Promise<{ Id: number; PhoneNumber?: string; Inactive?: boolean }[]> =>
    (await client.request<{ Id: number; PhoneNumber?: string; Inactive?: boolean }[]>("GET", "/CRM/Phones", { query: { constituentId: id, includeAffiliations: "false" } })) ?? [];

  /** Makes `phone` the person's phone: the first record corrected, the others removed; an empty phone removes them all. */
  const writePhone = async (id: number, phone: string) => {
    const number = phone.trim();
    const [first, ...others] = (await phonesOf(id)).filter((row) => !row.Inactive);
    for (const extra of number === "" ? [first, ...others] : others) if (extra) await client.request("DELETE", `/CRM/Phones/${extra.Id}`);
    if (number === "" || first?.PhoneNumber === number) return;
    const body = { Constituent: { Id: id }, PhoneType: { Id: ids.phoneTypeId }, PhoneNumber: number, Inactive: false };
    if (first) await client.request("PUT", `/CRM/Phones/${first.Id}`, { body: { Id: first.Id, ...body } });
    else await client.request("POST", "/CRM/Phones", { body });
  };

  /** The person's own email records, primary or not (not their affiliates'). */
  const emailsOf = async (id: number): Promise<TessituraElectronicAddress[]> =>
    (await client.request<TessituraElectronicAddress[]>("GET", "/CRM/ElectronicAddresses", { query: { constituentIds: id, includeAffiliations: "false" } })) ?? [];

  const holderOf = async (email: string): Promise<number | undefined> => {
    const rows = (await client.request<TessituraElectronicAddress[]>("GET", "/CRM/ElectronicAddresses", { query: { address: email } })) ?? [];
    return rows.find((row) => !row.Inactive && row.Address?.toLowerCase() === email.toLowerCase())?.Constituent?.Id;
  };

  return {
    async createPerson(person) {
      if ((await holderOf(person.Email)) !== undefined) return undefined;
      const created = await client.request<{ Id: number }>("POST", "/CRM/Constituents/Detail", {
        body: {
          ConstituentType: { Id: ids.constituentTypes.individual },
          FirstName: person.FirstName,
          LastName: person.LastName,
          ...(person.PrefixId >= 0 ? { Prefix: { Id: person.PrefixId } } : {}),
          OriginalSource: { Id: ids.originalSourceId },
        },
      });
      if (!created) throw new Error("Tessitura created no constituent");
      await client.request("POST", "/CRM/ElectronicAddresses", {
        body: {
          Constituent: { Id: created.Id },
          ElectronicAddressType: { Id: ids.emailAddressTypeId },
          Address: person.Email,
          PrimaryIndicator: true,
          Months: ALL_MONTHS,
          Inactive: false,
          AllowMarketing: false,
        },
      });
      await writePhone(created.Id, person.Phone);
      return { Id: created.Id };
    },

    async personDetails(id) {
      return details(id);
    },

    async personContact(id) {
      const found = await details(id);
      return found ? ({ Id: found.Id, FirstName: found.FirstName, Email: found.Email } satisfies PersonContact) : undefined;
    },

    async findPerson(email) {
      const holder = await holderOf(email);
      if (holder === undefined) return undefined;
      const found = await details(holder);
      return found ? { Id: found.Id, FirstName: found.FirstName, Email: found.Email } : undefined;
    },

    async updatePerson(id, person) {
      if (!(await isIndividual(id))) return;
      await client.request("PUT", `/CRM/Constituents/${id}`, {
        body: {
          Id: id,
          ConstituentType: { Id: ids.constituentTypes.individual },
          FirstName: person.FirstName,
          LastName: person.LastName,
          // No title (-1) sends none: Tessitura keeps the one it had (docs/crm.md).
          ...(person.PrefixId >= 0 ? { Prefix: { Id: person.PrefixId } } : {}),
        },
      });
      await writePhone(id, person.Phone);
    },

    async changePrimaryEmail(id, email) {
      const holder = await holderOf(email);
      if (holder !== undefined && holder !== id) return false;
      const own = await emailsOf(id);
      const primary = own.find((row) => row.PrimaryIndicator && !row.Inactive);
      if (primary?.Address?.toLowerCase() === email.toLowerCase()) return true;
      const body = {
        Constituent: { Id: id },
        ElectronicAddressType: { Id: primary?.ElectronicAddressType?.Id ?? ids.emailAddressTypeId },
        Address: email,
        PrimaryIndicator: true,
        Months: primary?.Months ?? ALL_MONTHS,
        Inactive: false,
        AllowMarketing: primary?.AllowMarketing ?? false,
      };
      if (primary) await client.request("PUT", `/CRM/ElectronicAddresses/${primary.Id}`, { body: { Id: primary.Id, ...body } });
      else await client.request("POST", "/CRM/ElectronicAddresses", { body });
      return true;
    },

    async erasePerson(id) {
      if (!(await isIndividual(id))) return { FormerEmail: null };
      const emails = await emailsOf(id);
      const former = emails.find((email) => email.PrimaryIndicator && !email.Inactive)?.Address ?? null;
      await client.request("PUT", `/CRM/Constituents/${id}`, {
        body: {
          Id: id,
          ConstituentType: { Id: ids.constituentTypes.individual },
          FirstName: ERASED_PERSON_NAME.first,
          LastName: ERASED_PERSON_NAME.last,
          Inactive: { Id: ids.erasedConstituent.inactiveId },
          InactiveReason: { Id: ids.erasedConstituent.inactiveReasonId },
        },
      });
      // Postal and email addresses, phones and attributes go; the record stays for the orders kept for accounting.
      for (const email of emails) await client.request("DELETE", `/CRM/ElectronicAddresses/${email.Id}`);
      const addresses = (await client.request<{ Id: number }[]>("GET", "/CRM/Addresses", { query: { constituentId: id, includeAffiliations: "false" } })) ?? [];
      for (const address of addresses) await client.request("DELETE", `/CRM/Addresses/${address.Id}`);
      const phones = await phonesOf(id);
      for (const phone of phones) await client.request("DELETE", `/CRM/Phones/${phone.Id}`);
      const attributes = await ownAttributes(client, id);
      for (const attribute of attributes) await client.request("DELETE", `/CRM/Attributes/${attribute.Id}`);
      return { FormerEmail: former };
    },

    async renameOrganisation(id, name) {
      const row = await client.request<TessituraConstituent>("GET", `/CRM/Constituents/${id}`);
      if (!row) return;
      await client.request("PUT", `/CRM/Constituents/${id}`, { body: { Id: id, ConstituentType: { Id: row.ConstituentType?.Id ?? ids.constituentTypes.organisation }, LastName: name.trim() } });
    },
  };
}
