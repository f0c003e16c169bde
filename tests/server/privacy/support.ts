import type { Kysely } from "kysely";
import type { CrmPort } from "../../../server/crm/crm-port";
import type { Database } from "../../../server/db/schema";
import { addPerson } from "../accounts/support";
import { addSchool, ids, join } from "../memberships/support";
import { addNote, addShareableResources } from "../resources/share-links/support";

export { ids };

/** Everything a person can own on the site, each row marked with `label` so a test can tell whose it is. */
export async function addPersonWithData(
  db: Kysely<Database>,
  crm: CrmPort,
  options: { label: string; email: string; schoolId: number; activityId: number; resourceId: number },
): Promise<number> {
  const { label } = options;
  const id = await addPerson(db, { email: options.email, firstName: `First-${label}`, membershipExpiresAt: new Date(Date.now() + 365 * 86_400_000) });
  const at = new Date().toISOString();
  await db.updateTable("constituents").set({ phone_number: `0161 ${label}` }).where("id", "=", id).execute();
  await crm.createAddress(id, { Street1: `1 ${label} Street`, City: "Leeds", PostalCode: "LS2 7AB" }, new Date());
  await join(crm, options.schoolId, id, "user");
  await addNote(db, id, options.activityId, `Note by ${label}`);
  await db.insertInto("saved_resources").values({ constituent_id: id, resource_id: options.resourceId, saved_at: at }).execute();
  await db
    .insertInto("share_links")
    .values({ token: `token-${label}-${"x".repeat(30)}`, constituent_id: id, resource_id: options.resourceId, resource_type: "lesson-plan", type: "student", created_at: at, revoked_at: null })
    .execute();
  await db
    .insertInto("payment_orders")
    .values({
      session_id: `session-${label}`,
      constituent_id: id,
      organisation_id: null,
      plan_type: "individual",
      number_of_users: 1,
      level_id: 95,
      amount_pence: 6000,
      status: "approved",
      provider: "sandbox",
      provider_reference: `ref-${label}`,
      created_at: at,
      updated_at: at,
      fulfilled_at: at,
    })
    .execute();
  await db
    .insertInto("requests")
    .values({
      kind: "contact",
      status: "open",
      person_id: id,
      name: `First-${label}`,
      email: options.email,
      school_id: null,
      subject: "General enquiry",
      message: `Message from ${label}`,
      details: "{}",
      outcome: null,
      created_at: at,
      updated_at: at,
      closed_at: null,
    })
    .execute();
  return id;
}

/** A school with `seats` user seats, and the resources people keep things on. */
export async function addSchoolAndResources(db: Kysely<Database>, crm: CrmPort, seats: number) {
  const { activityIds } = await addShareableResources(db);
  const school = await addSchool(db, crm, { name: "Riverside Primary", kind: "state", seats });
  return { ...school, activityIds, resourceId: 21 };
}
