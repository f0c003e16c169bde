import { setTimeout as sleep } from "node:timers/promises";
import type { CrmPort } from "../../server/crm/crm-port";
import { addPerson, setEmailVerifiedAt, strongPassword } from "../server/accounts/support";
import { addSchool, crmOf, currentRoles, ids, join, latestInvitePath } from "../server/memberships/support";
import { jsonCall, signedInBrowser, type Agent } from "../server/my-account/support";
import { databaseEngines } from "../server/support/databases";
import { createTestApp, type TestApp } from "../server/support/test-app";

/*
 * Issue 22, item 2 (ASVS 5.0 V15.4.2, time of check to time of use): someone
 * accepts an invite at their own address, then changes their email to a
 * victim's while replaying the same link every few milliseconds. Before the
 * fix, a replay that read the old address could mark the new one verified,
 * and the verified address then passed the victim school's email-domain rule
 * for its admin offer. A real race over HTTP, with no mocks, on every engine
 * (PostgreSQL runs the requests on separate connections, truly at once).
 *
 * The address changes two ways here: through the profile form, as the probe
 * did (an email change now waits for its link to be followed, so the address
 * must not move at all), and straight in the record, as staff or any later
 * path might change it (the invite must still verify only the invited address).
 */
const REPLAYS = 40;
const { user: USER, admin: ADMIN } = ids.affiliationTypes;

describe.each(databaseEngines)("invite replays racing an email change on %s", (engine) => {
  let t: TestApp;
  let crm: CrmPort;
  let inviting: { schoolId: number; membershipId: number };
  let victimSchool: { schoolId: number; membershipId: number };
  let head: { agent: Agent; token: string };

  beforeAll(async () => {
    t = await createTestApp({ engine });
    crm = crmOf(t);
    inviting = await addSchool(t.database.db, crm, { name: "Riverside Academy", seats: "unlimited" });
    // The victim's school has no admin yet, so its admin offer is open to anyone with a verified address at its domain.
    victimSchool = await addSchool(t.database.db, crm, { name: "Hazel Grove School", kind: "state", domains: ["hazel.sch.uk"], seats: "unlimited" });
    await join(crm, inviting.schoolId, await addPerson(t.database.db, { email: "head@example.org" }), "admin");
    head = await signedInBrowser(t.app, "head@example.org");
  }, 60_000);
  afterAll(() => t.close());

  // The email change lands before, among and after the replays: each round a different interleaving.
  it.each([
    ["the profile form", 0],
    ["the profile form", 40],
    ["the profile form", 80],
    ["the record itself", 0],
    ["the record itself", 40],
    ["the record itself", 80],
  ] as const)(
    "V15.4.2 never leaves the victim's address verified, nor its school administered, when %s changes the address after %i ms",
    async (path, changeAfterMs) => {
      const round = `${path === "the profile form" ? "form" : "record"}${changeAfterMs}`;
      const attackerEmail = `attacker-${round}@example.org`;
      const victimEmail = `victim-${round}@hazel.sch.uk`;
      const attackerId = await addPerson(t.database.db, { email: attackerEmail });
      const invited = await jsonCall(head.agent, "post", "/account/invite-user/", head.token, {
        email: attackerEmail,
        organisationConstituentId: inviting.schoolId,
        membershipId: inviting.membershipId,
      });
      expect(invited.status).toBe(200);
      const acceptPath = await latestInvitePath(t.database.db, attackerEmail);
      const attacker = await signedInBrowser(t.app, attackerEmail);
      const inviteToken = new URL(acceptPath, "http://site").searchParams.get("token");

      const replays = Array.from({ length: REPLAYS }, async (_, index) => {
        await sleep(index * 4);
        // The invite page's button, pressed again and again (opening the link accepts nothing).
        return (await attacker.agent.post("/account/invite/accept/").type("form").set("Accept", "text/html").send({ _csrf: attacker.token, token: inviteToken })).status;
      });
      const change = (async () => {
        await sleep(changeAfterMs);
        if (path === "the profile form") {
          return (await jsonCall(attacker.agent, "put", "/account/update-profile/", attacker.token, { Email: victimEmail, Password: strongPassword })).status;
        }
        // As every path that changes an address does: the new one starts unverified.
        await t.database.db.transaction().execute(async (trx) => {
          await trx.updateTable("constituents").set({ email: victimEmail }).where("id", "=", attackerId).execute();
          await setEmailVerifiedAt(trx, attackerId, null);
        });
        return 200;
      })();
      const [statuses, changed] = await Promise.all([Promise.all(replays), change]);
      expect(changed).toBe(200);

      // At most one replay got in (303); the rest were told the link is spent (400) or is for another address (403).
      expect(statuses.filter((status) => ![303, 400, 403].includes(status))).toEqual([]);
      const row = await t.database.db
        .selectFrom("constituents")
        .leftJoin("account_credentials", "account_credentials.constituent_id", "constituents.id")
        .select(["email", "email_verified_at"])
        .where("id", "=", attackerId)
        .executeTakeFirstOrThrow();
      if (path === "the profile form") {
        // Only pending: the victim's address would take effect once its link, sent to the victim, is followed.
        expect(row.email).toBe(attackerEmail);
      } else {
        expect(row.email).toBe(victimEmail);
        expect(row.email_verified_at).toBeNull();
      }
      const verifiedVictims = await t.database.db
        .selectFrom("constituents")
        .innerJoin("account_credentials", "account_credentials.constituent_id", "constituents.id")
        .select("id")
        .where("email", "=", victimEmail)
        .where("email_verified_at", "is not", null)
        .execute();
      expect(verifiedVictims).toEqual([]);
      const invites = await t.database.db.selectFrom("school_invites").select("accepted_at").where("email", "=", attackerEmail).execute();
      expect(invites.filter((invite) => invite.accepted_at !== null).length).toBeLessThanOrEqual(1);
      const seats = (await crm.affiliations({ groupConstituentId: inviting.schoolId, individualConstituentId: attackerId })).filter((held) => held.AffiliationType.Id === USER);
      expect(seats.length).toBeLessThanOrEqual(1);

      // The payoff the attack was after: the victim school's admin offer. Refused, since the address is not verified.
      const offer = await jsonCall(attacker.agent, "post", "/account/manual-benefit-usage/", attacker.token, {
        Benefit: { Id: ids.seatBenefits.adminSeat, Inactive: false, MembershipOrganization: { Id: 1 }, Type: { Id: -2 }, PremiumId: null },
        Constituent: { Id: attackerId },
        Membership: { Id: victimSchool.membershipId },
        TotalCount: 1,
      });
      expect(offer.status).toBe(403);
      expect(await currentRoles(crm, victimSchool.schoolId, attackerId)).not.toContain(ADMIN);
    },
    60_000,
  );
});
