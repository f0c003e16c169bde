import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inTransaction } from "../db/transactions";
import { searchWords, wordInColumns } from "../db/words-search";
import { isUniqueViolation } from "../db/unique-violation";
import { NO_PREFIX_ID } from "../domain/name-prefixes";
import type { CrmIds } from "./crm-ids";
import type { CrmPort } from "./crm-port";
import { ownMembershipsAt, schoolMembershipsAt } from "./sql-membership-figures";

type PeopleRecords = Pick<CrmPort, "personDetails" | "findPerson" | "findPeople" | "createPerson" | "updatePerson" | "changePrimaryEmail" | "erasePerson">;

/** The first and last name an erased person keeps, so lists that still name them (a school's past users) read sensibly. */
export const ERASED_PERSON_NAME = { first: "Deleted", last: "account" } as const;

/** An address that is unique per row, can never receive mail (.invalid, RFC 2606) and is never looked up (deleted_at is set). */
export function erasedPersonEmail(constituentId: number): string {
  return `deleted-${constituentId}@deleted.invalid`;
}

/** People (individual constituents) and their primary email in the embedded CRM. */
export function sqlPeopleRecords(db: Kysely<Database>, ids: CrmIds): PeopleRecords {
  return {
    async personDetails(id) {
      const row = await db
        .selectFrom("constituents")
        .select(["id", "email", "prefix", "first_name", "last_name", "phone_number", "created_at"])
        .where("id", "=", id)
        .where("kind", "=", "individual")
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return (
        row && {
          Id: row.id,
          FirstName: row.first_name,
          LastName: row.last_name,
          Email: row.email,
          PrefixId: row.prefix,
          Phone: row.phone_number,
          CreatedDateTime: row.created_at,
        }
      );
    },

    async findPerson(email) {
      const row = await db
        .selectFrom("constituents")
        .select(["id", "first_name", "email"])
        .where("email", "=", email)
        .where("kind", "=", "individual")
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return row && { Id: row.id, FirstName: row.first_name, Email: row.email };
    },

    async findPeople({ text, members, limit, offset }) {
      let selection = db.selectFrom("constituents").where("kind", "=", "individual").where("deleted_at", "is", null);
      for (const word of searchWords(text)) selection = selection.where(wordInColumns(word, ["first_name", "last_name", "email"]));
      if (members) {
        // Who is a member is the members export's and the dashboard's definition (sql-membership-figures.ts).
        const at = members.now.toISOString();
        const own = ownMembershipsAt(db, at).select("constituents.id");
        const throughSchool = schoolMembershipsAt(db, ids, at).select("constituents.id");
        selection = selection.where("id", members.current ? "in" : "not in", own.union(throughSchool));
      }
      const { total } = await selection.select((eb) => eb.fn.countAll<number | string>().as("total")).executeTakeFirstOrThrow();
      const rows = await selection
        .select(["id", "first_name", "last_name", "email", "created_at"])
        .orderBy("last_name")
        .orderBy("first_name")
        .orderBy("id")
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        people: rows.map((row) => ({ Id: row.id, FirstName: row.first_name, LastName: row.last_name, Email: row.email, CreatedDateTime: row.created_at })),
        total: Number(total),
      };
    },

    async createPerson(person, now) {
      const timestamp = now.toISOString();
      // The unique index on email decides: of two racing creations one gets the row.
      const row = await db
        .insertInto("constituents")
        .values({
          email: person.Email,
          first_name: person.FirstName,
          last_name: person.LastName,
          phone_number: person.Phone,
          prefix: person.PrefixId,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .onConflict((conflict) => conflict.column("email").doNothing())
        .returning("id")
        .executeTakeFirst();
      return row && { Id: row.id };
    },

    async updatePerson(id, person, now) {
      await db
        .updateTable("constituents")
        .set({ first_name: person.FirstName, last_name: person.LastName, phone_number: person.Phone, prefix: person.PrefixId, updated_at: now.toISOString() })
        .where("id", "=", id)
        .where("kind", "=", "individual")
        .execute();
    },

    async changePrimaryEmail(id, email, now) {
      try {
        await db.updateTable("constituents").set({ email, updated_at: now.toISOString() }).where("id", "=", id).where("kind", "=", "individual").execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    async erasePerson(id, now) {
      const at = now.toISOString();
      return inTransaction(db, async (trx) => {
        const before = await trx.selectFrom("constituents").select("email").where("id", "=", id).where("kind", "=", "individual").executeTakeFirst();
        await trx
          .updateTable("constituents")
          .set({
            email: erasedPersonEmail(id),
            first_name: ERASED_PERSON_NAME.first,
            last_name: ERASED_PERSON_NAME.last,
            phone_number: "",
            prefix: NO_PREFIX_ID,
            deleted_at: at,
            updated_at: at,
          })
          .where("id", "=", id)
          .where("kind", "=", "individual")
          .execute();
        await trx.deleteFrom("addresses").where("constituent_id", "=", id).execute();
        await trx.deleteFrom("electronic_addresses").where("constituent_id", "=", id).execute();
        await trx.deleteFrom("constituent_attributes").where("constituent_id", "=", id).execute();
        return { FormerEmail: before?.email ?? null };
      });
    },
  };
}
