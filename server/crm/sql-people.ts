import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { isUniqueViolation } from "../db/unique-violation";
import type { CrmPort } from "./crm-port";

type PeopleRecords = Pick<CrmPort, "findPerson" | "createPerson" | "updatePerson" | "changePrimaryEmail">;

/** People (individual constituents) and their primary email in the embedded CRM. */
export function sqlPeopleRecords(db: Kysely<Database>): PeopleRecords {
  return {
    async findPerson(email) {
      const row = await db
        .selectFrom("constituents")
        .select("id")
        .where("email", "=", email)
        .where("kind", "=", "individual")
        .where("deleted_at", "is", null)
        .executeTakeFirst();
      return row && { Id: row.id };
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
  };
}
