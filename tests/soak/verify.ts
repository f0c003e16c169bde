import type { Kysely } from "kysely";
import type { Database } from "../../server/db/schema";
import type { SoakData } from "./seed-soak";
import { noteContent, type WriteLedger } from "./traffic";

/** Acknowledged writes not found in the database afterwards, per kind, and the seat books' consistency. */
export interface LostWrites {
  saves: string[];
  /** `${memberId}:${activityId}`: missing, or older than the last acknowledged note. */
  notes: string[];
  claims: number[];
  /** Seats taken in the database (active usages of the soak school's user seat). */
  seatsTaken: number;
  /** Problems with the seat books: more seats taken than there are, or a usage without its affiliation. */
  seatProblems: string[];
  total: number;
}

export async function countLostWrites(db: Kysely<Database>, ledger: WriteLedger, data: SoakData): Promise<LostWrites> {
  const memberIds = data.members.map(({ id }) => id);
  const saved = new Set(
    (await db.selectFrom("saved_resources").select(["constituent_id", "resource_id"]).where("constituent_id", "in", memberIds).execute()).map(
      (row) => `${row.constituent_id}:${row.resource_id}`,
    ),
  );
  const saves = [...ledger.saves].filter((key) => !saved.has(key));

  const noteRows = await db.selectFrom("teacher_notes").select(["constituent_id", "activity_id", "content"]).where("constituent_id", "in", memberIds).execute();
  const noteNumbers = new Map(noteRows.map((row) => [`${row.constituent_id}:${row.activity_id}`, Number(/#(\d+)$/.exec(row.content)?.[1] ?? -1)]));
  // A later write that got no answer may have landed after the last acknowledged one; an older note, or none, is a lost write.
  const notes = [...ledger.notes].filter(([key, n]) => (noteNumbers.get(key) ?? -1) < n).map(([key, n]) => `${key} (wanted "${noteContent(n)}")`);

  const benefit = await db
    .selectFrom("membership_benefits")
    .select(["id", "total_available", "total_used"])
    .where("membership_id", "=", data.school.membershipId)
    .where("benefit_id", "=", data.userSeatBenefitId)
    .executeTakeFirstOrThrow();
  const usages = await db.selectFrom("benefit_usages").select(["id", "constituent_id"]).where("membership_benefit_id", "=", benefit.id).where("inactive", "=", 0).execute();
  const affiliated = new Set(
    (
      await db
        .selectFrom("affiliations")
        .select(["individual_constituent_id", "benefit_usage_id"])
        .where("group_constituent_id", "=", data.school.schoolId)
        // A seat's affiliation ends with the school's membership (a year on): current means no end, or an end still ahead.
        .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">", new Date().toISOString())]))
        .execute()
    ).map((row) => row.benefit_usage_id),
  );
  const claimedIds = new Set(usages.map((usage) => usage.constituent_id));
  const claims = [...ledger.claims].filter((id) => !claimedIds.has(id));
  const seatProblems: string[] = [];
  if (usages.length > data.school.seats) seatProblems.push(`${usages.length} seats taken of ${data.school.seats}`);
  if (benefit.total_used !== usages.length) seatProblems.push(`total_used says ${benefit.total_used}, ${usages.length} usages exist`);
  for (const usage of usages) if (!affiliated.has(usage.id)) seatProblems.push(`usage ${usage.id} has no affiliation`);

  return { saves, notes, claims, seatsTaken: usages.length, seatProblems, total: saves.length + notes.length + claims.length };
}
