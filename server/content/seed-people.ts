import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inBatches } from "../shared/batches";
import type { PeopleContent } from "./load-fixtures";

export interface PeopleSeedCounts {
  people: number;
}

/**
 * Upserts teams and people by slug. A person's position is their place among
 * their team's people in the file. Run inside the seeding transaction.
 */
export async function seedPeople(db: Kysely<Database>, content: PeopleContent, now: Date): Promise<PeopleSeedCounts> {
  const timestamp = now.toISOString();
  if (content.teams.length > 0) {
    await db
      .insertInto("people_teams")
      .values(content.teams.map((team, position) => ({ slug: team.slug, label: team.label, intro: team.intro, position })))
      .onConflict((conflict) =>
        conflict.column("slug").doUpdateSet((update) => ({
          label: update.ref("excluded.label"),
          intro: update.ref("excluded.intro"),
          position: update.ref("excluded.position"),
        })),
      )
      .execute();
  }
  const teams = await db.selectFrom("people_teams").select(["id", "slug"]).execute();
  const teamIds = new Map(teams.map((team) => [team.slug, team.id]));
  const positionInTeam = new Map<string, number>();
  const rows = content.people.map((person) => {
    const position = positionInTeam.get(person.team) ?? 0;
    positionInTeam.set(person.team, position + 1);
    return {
      slug: person.slug,
      // The loader has checked every team slug.
      team_id: teamIds.get(person.team) as number,
      position,
      name: person.name,
      role: person.role,
      portrait_url: person.portrait_url ?? null,
      portrait_alt: person.portrait_alt,
      bio_html: person.bio_html,
      updated_at: timestamp,
    };
  });
  for (const batch of inBatches(rows)) {
    await db
      .insertInto("people")
      .values(batch)
      .onConflict((conflict) =>
        conflict.column("slug").doUpdateSet((update) => ({
          team_id: update.ref("excluded.team_id"),
          position: update.ref("excluded.position"),
          name: update.ref("excluded.name"),
          role: update.ref("excluded.role"),
          portrait_url: update.ref("excluded.portrait_url"),
          portrait_alt: update.ref("excluded.portrait_alt"),
          bio_html: update.ref("excluded.bio_html"),
          updated_at: update.ref("excluded.updated_at"),
        })),
      )
      .execute();
  }
  return { people: rows.length };
}
