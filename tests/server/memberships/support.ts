import type { Kysely } from "kysely";
import type request from "supertest";
import pino from "pino";
import { Writable } from "node:stream";
import { CRM_IDS } from "../../../server/crm/crm-ids";
import type { CrmPort } from "../../../server/crm/crm-port";
import { createSqlCrm } from "../../../server/crm/sql-crm";
import type { Database } from "../../../server/db/schema";
import type { SchoolKind } from "../../../server/schools/school-kind";
import { takeSeat, type SeatRole } from "../../../server/schools/seats/school-seats";
import type { TestApp } from "../support/test-app";
import { csrfTokenOf } from "../support/pages";
import { setEmailVerifiedAt } from "../accounts/support";

export const ids = CRM_IDS.test;

/** A logger whose lines the test reads. */
export function capturedLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, sink), lines };
}

/** A person straight in the database; verified unless told otherwise. */
export async function addMember(db: Kysely<Database>, email: string, options: { verified?: boolean } = {}): Promise<number> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto("constituents")
    .values({
      email,
      first_name: "Sam",
      last_name: email.split("@")[0]!,
      phone_number: "",
      prefix: -1,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (options.verified !== false) await setEmailVerifiedAt(db, id, at);
  return id;
}

export interface SchoolOptions {
  name: string;
  /** Undefined: entered by hand, not in the register. */
  kind?: SchoolKind;
  domains?: string[];
  /** Seats of a membership valid for a year, if any: a number or "unlimited". */
  seats?: number | "unlimited";
  expiresAt?: Date;
}

/**
 * A school organisation, its register row, email domains and membership
 * (user seats as asked, unlimited admin seats). Every memberships test makes
 * its schools here.
 */
export async function addSchool(
  db: Kysely<Database>,
  crm: CrmPort,
  options: SchoolOptions & { seats: number | "unlimited" },
): Promise<{ schoolId: number; membershipId: number }>;
export async function addSchool(db: Kysely<Database>, crm: CrmPort, options: SchoolOptions): Promise<{ schoolId: number; membershipId?: number }>;
export async function addSchool(db: Kysely<Database>, crm: CrmPort, options: SchoolOptions): Promise<{ schoolId: number; membershipId?: number }> {
  const now = new Date();
  const { Id: schoolId } = await crm.createOrganisation({ LastName: options.name, Addresses: [{ Street1: "1 School Lane", City: "Leeds", PostalCode: "LS1 1AA" }] }, now);
  if (options.kind) {
    await db
      .insertInto("schools")
      .values({
        constituent_id: schoolId,
        urn: String(100000 + schoolId),
        kind: options.kind,
        name: options.name,
        street1: "1 School Lane",
        street2: "",
        street3: "",
        city: "Leeds",
        postcode: "LS1 1AA",
        updated_at: now.toISOString(),
      })
      .execute();
  }
  if (options.domains) await crm.replaceAttributes(schoolId, ids.emailDomainKeywordId, options.domains);
  if (options.seats === undefined) return { schoolId };
  const { Id: membershipId } = await crm.createMembership({
    constituentId: schoolId,
    levelId: options.seats === "unlimited" ? ids.membershipLevels.stateSchool : 96,
    initiation: new Date(now.getTime() - 86_400_000),
    expiration: options.expiresAt ?? new Date(now.getTime() + 365 * 86_400_000),
    seats: [
      { benefitId: ids.seatBenefits.userSeat, available: options.seats },
      { benefitId: ids.seatBenefits.adminSeat, available: "unlimited" },
    ],
  });
  return { schoolId, membershipId };
}

/** What a denial must leave alone: every usage and affiliation. */
export async function seatRecords(db: Kysely<Database>) {
  const usages = await db.selectFrom("benefit_usages").selectAll().orderBy("id").execute();
  const affiliations = await db.selectFrom("affiliations").selectAll().orderBy("id").execute();
  const benefits = await db.selectFrom("membership_benefits").selectAll().orderBy("id").execute();
  const memberships = await db.selectFrom("memberships").selectAll().orderBy("id").execute();
  return { usages, affiliations, benefits, memberships };
}

/** The embedded CRM over the test app's own database (the app builds its own over the same one). */
export function crmOf(t: TestApp): CrmPort {
  return createSqlCrm(t.database.db, ids);
}

/** Puts a person in a role at a school through the one seat-taking path. */
export async function join(crm: CrmPort, schoolId: number, personId: number, role: SeatRole): Promise<number> {
  const outcome = await takeSeat(crm, ids, { schoolId, personId, role, now: new Date() });
  if (outcome.kind !== "joined" && outcome.kind !== "already") throw new Error(`could not join: ${outcome.kind}`);
  return outcome.affiliation.Id;
}

export async function currentRoles(crm: CrmPort, schoolId: number, personId: number): Promise<number[]> {
  const held = await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: personId, currentAt: new Date() });
  return held.map((affiliation) => affiliation.AffiliationType.Id).sort();
}

export async function userSeatsRemaining(crm: CrmPort, membershipId: number): Promise<number> {
  const seat = (await crm.seatBenefits(membershipId)).find((benefit) => benefit.Benefit.Id === ids.seatBenefits.userSeat);
  return seat!.TotalRemaining;
}

/** The warn lines a refusal wrote. */
export function refusals(t: TestApp, rule: string) {
  return t.logLines().filter((line) => line.level === 40 && line.rule === rule);
}

/** The accept link's path and query, from an invite email's text. */
export function acceptPathIn(text: string | null): string {
  const link = /https?:\/\/\S+\/account\/invite\/accept\/\?token=\S+/.exec(text ?? "")?.[0];
  if (!link) throw new Error(`no invite link in: ${text}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** The accept link of the newest invite emailed to the address. */
export async function latestInvitePath(db: Kysely<Database>, email: string): Promise<string> {
  const [mail] = await db.selectFrom("mail_outbox").select("text_body").where("to_address", "=", email).orderBy("id", "desc").execute();
  return acceptPathIn(mail?.text_body ?? null);
}

/**
 * Opens an invite link as a browser does and presses its button: the GET
 * only offers "Join {school}" (a mail scanner opening the link spends
 * nothing), and the button's POST accepts. When the GET answers anything but
 * that page (a refusal, or off to sign in), that answer is returned.
 */
export async function acceptThroughPage(agent: ReturnType<typeof request.agent>, acceptPath: string) {
  const page = await agent.get(acceptPath).set("Accept", "text/html");
  if (page.status !== 200) return page;
  expect(page.text).toMatch(/<button class="button" type="submit">Join [^<]+<\/button>/);
  const token = new URL(acceptPath, "http://site").searchParams.get("token") ?? "";
  return agent.post("/account/invite/accept/").type("form").set("Accept", "text/html").send({ _csrf: csrfTokenOf(page.text), token });
}
