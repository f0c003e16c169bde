import { sql, type Kysely, type Selectable } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import type { CrmIds } from "./crm-ids";
import type { Address, AddressInput, CrmPort } from "./crm-port";
import { displayNameOf, postalCodeKey, sortNameOf } from "./display-names";
import type { AddressesTable } from "./tables";

type ConstituentRecords = Pick<
  CrmPort,
  | "createOrganisation"
  | "renameOrganisation"
  | "constituentDetail"
  | "personContact"
  | "searchOrganisationsByPostcode"
  | "createAddress"
  | "updateAddress"
  | "attributes"
  | "replaceAttributes"
  | "attributeHolders"
  | "mergeOrganisation"
>;

/** Organisations, addresses and attributes in the embedded CRM. */
export function sqlConstituentRecords(db: Kysely<Database>, ids: CrmIds): ConstituentRecords {
  const addressValues = (address: AddressInput, timestamp: string) => ({
    street1: address.Street1.trim(),
    street2: address.Street2?.trim() ?? "",
    street3: address.Street3?.trim() ?? "",
    city: address.City.trim(),
    postal_code: address.PostalCode.trim().toUpperCase(),
    postal_code_key: postalCodeKey(address.PostalCode),
    country_id: address.CountryId ?? ids.defaultCountryId,
    state_id: address.StateId ?? null,
    label: address.Label ?? "",
    primary_indicator: address.PrimaryIndicator ? 1 : 0,
    updated_at: timestamp,
  });

  const insertAddress = (executor: Kysely<Database>, constituentId: number, address: AddressInput, timestamp: string) =>
    executor
      .insertInto("addresses")
      .values({ ...addressValues(address, timestamp), constituent_id: constituentId, address_type_id: ids.addressTypeId, created_at: timestamp })
      .returning("id")
      .executeTakeFirstOrThrow();

  return {
    async createOrganisation(organisation, now) {
      const timestamp = now.toISOString();
      return inTransaction(db, async (trx) => {
        const { id } = await trx
          .insertInto("constituents")
          .values({
            kind: "organisation",
            email: null,
            first_name: "",
            last_name: organisation.LastName.trim(),
            phone_number: "",
            prefix: -1,
            created_at: timestamp,
            updated_at: timestamp,
          })
          .returning("id")
          .executeTakeFirstOrThrow();
        for (const [index, address] of organisation.Addresses.entries()) {
          await insertAddress(trx, id, { ...address, PrimaryIndicator: address.PrimaryIndicator ?? index === 0 }, timestamp);
        }
        for (const electronic of organisation.ElectronicAddresses ?? []) {
          await trx
            .insertInto("electronic_addresses")
            .values({ constituent_id: id, address: electronic.Address.trim(), electronic_address_type_id: ids.emailAddressTypeId, created_at: timestamp })
            .execute();
        }
        return { Id: id };
      });
    },

    async renameOrganisation(id, name, now) {
      await db
        .updateTable("constituents")
        .set({ last_name: name.trim(), updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("kind", "=", "organisation")
        .execute();
    },

    async constituentDetail(id) {
      const row = await db.selectFrom("constituents").select(["id", "kind", "first_name", "last_name"]).where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      const addresses = await db.selectFrom("addresses").selectAll().where("constituent_id", "=", id).orderBy("id").execute();
      return {
        Id: row.id,
        ConstituentType: { Id: row.kind === "organisation" ? ids.constituentTypes.organisation : ids.constituentTypes.individual },
        DisplayName: displayNameOf(row),
        SortName: sortNameOf(row),
        Addresses: addresses.map(addressRecord),
      };
    },

    async personContact(id) {
      const row = await db
        .selectFrom("constituents")
        .select(["id", "first_name", "email"])
        .where("id", "=", id)
        .where("kind", "=", "individual")
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return row && { Id: row.id, FirstName: row.first_name, Email: row.email };
    },

    async searchOrganisationsByPostcode(postcode) {
      const key = postalCodeKey(postcode);
      if (!key) return [];
      const rows = await db
        .selectFrom("addresses")
        .innerJoin("constituents", "constituents.id", "addresses.constituent_id")
        .select("constituents.id")
        .distinct()
        .where("addresses.postal_code_key", "=", key)
        .where("addresses.inactive", "=", 0)
        .where("constituents.kind", "=", "organisation")
        .orderBy("constituents.id")
        .execute();
      return rows.map((row) => ({ Id: row.id }));
    },

    async createAddress(constituentId, address, now) {
      const { id } = await insertAddress(db, constituentId, address, now.toISOString());
      return { Id: id };
    },

    async updateAddress(id, address, now) {
      const result = await db.updateTable("addresses").set(addressValues(address, now.toISOString())).where("id", "=", id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async attributes(constituentId, keywordIds) {
      if (keywordIds.length === 0) return [];
      const rows = await db
        .selectFrom("constituent_attributes")
        .select(["keyword_id", "value"])
        .where("constituent_id", "=", constituentId)
        .where("keyword_id", "in", keywordIds)
        .orderBy("id")
        .execute();
      return rows.map((row) => ({ Keyword: { Id: row.keyword_id }, Value: row.value }));
    },

    async replaceAttributes(constituentId, keywordId, values) {
      await inTransaction(db, async (trx) => {
        await trx.deleteFrom("constituent_attributes").where("constituent_id", "=", constituentId).where("keyword_id", "=", keywordId).execute();
        if (values.length === 0) return;
        await trx
          .insertInto("constituent_attributes")
          .values(values.map((value) => ({ constituent_id: constituentId, keyword_id: keywordId, value })))
          .execute();
      });
    },

    async attributeHolders(keywordId, values) {
      const wanted = [...new Set(values.map((value) => value.trim().toLowerCase()).filter(Boolean))];
      if (wanted.length === 0) return [];
      const rows = await db
        .selectFrom("constituent_attributes")
        .select("constituent_id")
        .distinct()
        .where("keyword_id", "=", keywordId)
        .where(sql<string>`lower(trim(value))`, "in", wanted)
        .orderBy("constituent_id")
        .execute();
      return rows.map((row) => row.constituent_id);
    },

    async mergeOrganisation(fromId, intoId) {
      return inTransaction(db, async (trx) => {
        const affiliations = await trx.updateTable("affiliations").set({ group_constituent_id: intoId }).where("group_constituent_id", "=", fromId).executeTakeFirst();
        const memberships = await trx.updateTable("memberships").set({ constituent_id: intoId }).where("constituent_id", "=", fromId).executeTakeFirst();
        const held = await trx.selectFrom("constituent_attributes").select(["keyword_id", "value"]).where("constituent_id", "=", intoId).execute();
        const heldKeys = new Set(held.map((row) => `${row.keyword_id}:${row.value.trim().toLowerCase()}`));
        const moving = await trx.selectFrom("constituent_attributes").select(["id", "keyword_id", "value"]).where("constituent_id", "=", fromId).execute();
        const repeated = moving.filter((row) => heldKeys.has(`${row.keyword_id}:${row.value.trim().toLowerCase()}`)).map((row) => row.id);
        if (repeated.length > 0) await trx.deleteFrom("constituent_attributes").where("id", "in", repeated).execute();
        await trx.updateTable("constituent_attributes").set({ constituent_id: intoId }).where("constituent_id", "=", fromId).execute();
        return { affiliations: Number(affiliations.numUpdatedRows), memberships: Number(memberships.numUpdatedRows) };
      });
    },
  };
}

function addressRecord(row: Selectable<AddressesTable>): Address {
  return {
    Id: row.id,
    AddressType: { Id: row.address_type_id },
    Constituent: { Id: row.constituent_id },
    Label: row.label,
    Months: row.months,
    PrimaryIndicator: row.primary_indicator === 1,
    Street1: row.street1,
    Street2: row.street2,
    Street3: row.street3,
    City: row.city,
    PostalCode: row.postal_code,
    Country: { Id: row.country_id },
    State: row.state_id === null ? null : { Id: row.state_id },
    Inactive: row.inactive === 1,
    UpdatedDateTime: row.updated_at,
  };
}
