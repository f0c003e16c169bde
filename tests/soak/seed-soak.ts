import type { Kysely } from "kysely";
import { seedIfEmpty } from "../../server/content/seed";
import { createSqlCrm } from "../../server/crm/sql-crm";
import { migrateToLatest } from "../../server/db/migrator";
import type { Database } from "../../server/db/schema";
import { addPerson, inAYear, setEmailVerifiedAt, strongPassword } from "../server/accounts/support";
import { addSchool, ids } from "../server/memberships/support";

/*
 * The soak test's data, on top of the demo content: members who sign in,
 * save resources and write notes, and teachers of one school who claim its
 * seats (more teachers than seats, so the last seats are contended).
 */

export const soakSchoolDomain = "soak-school.sch.uk";

export interface Person {
  id: number;
  email: string;
}

export interface SoakData {
  password: string;
  members: Person[];
  claimants: Person[];
  school: { schoolId: number; membershipId: number; seats: number };
  userSeatBenefitId: number;
  resources: { id: number; type: string }[];
  activityIds: number[];
}

export async function seedSoakData(db: Kysely<Database>, counts: { members: number; claimants: number; seats: number }): Promise<SoakData> {
  await migrateToLatest(db);
  await seedIfEmpty(db);
  const members: Person[] = [];
  for (let n = 1; n <= counts.members; n++) {
    const email = `soak-member-${n}@example.org`;
    members.push({ id: await addPerson(db, { email, membershipExpiresAt: inAYear() }), email });
  }
  const school = await addSchool(db, createSqlCrm(db, ids), { name: "Soak Test School", kind: "state", domains: [soakSchoolDomain], seats: counts.seats });
  const claimants: Person[] = [];
  const verifiedAt = new Date().toISOString();
  for (let n = 1; n <= counts.claimants; n++) {
    const email = `soak-teacher-${n}@${soakSchoolDomain}`;
    const id = await addPerson(db, { email });
    await setEmailVerifiedAt(db, id, verifiedAt);
    claimants.push({ id, email });
  }
  const now = new Date().toISOString();
  const resources = await db.selectFrom("resources").select(["id", "resource_type as type"]).where("published_at", "<=", now).orderBy("id").limit(40).execute();
  const activities = await db
    .selectFrom("resource_activities")
    .innerJoin("resources", "resources.id", "resource_activities.resource_id")
    .select("resource_activities.id")
    .where("resources.published_at", "<=", now)
    .orderBy("resource_activities.id")
    .limit(40)
    .execute();
  if (resources.length === 0 || activities.length === 0) throw new Error("The demo content has no published resources or activities to save and annotate.");
  return {
    password: strongPassword,
    members,
    claimants,
    school: { ...school, seats: counts.seats },
    userSeatBenefitId: ids.seatBenefits.userSeat,
    resources,
    activityIds: activities.map(({ id }) => id),
  };
}
