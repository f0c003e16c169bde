import type { Kysely } from "kysely";
import type { AuditLog } from "../../audit";
import type { Affiliation, CrmIds, CrmPort } from "../../crm";
import type { Database } from "../../db/schema";
import type { Logger } from "../../logging";
import type { Mailer } from "../../mail/mailer";
import { refuse as refusal, settle, type Refusal } from "../../shared/refusal";
import type { RateLimiter } from "../../rate-limit/rate-limit";
import { acceptInvite, inviteOffer, type InviteAcceptance, type InviteOffer } from "./invite-acceptance";
import { resendInvite, revokeInvite, sendInvite, type InviteContext, type InviteRequest } from "./invites";
import {
  adminSeatProblemAt,
  checkRemoval,
  isCurrent,
  makeAdmin,
  ONLY_ADMIN_ROLE_MESSAGE,
  refuse,
  removeAffiliation,
  requireAdmin,
  SELF_AFFILIATION_MESSAGE,
  UNKNOWN_AFFILIATION_MESSAGE,
  type AdminGranted,
  type Removal,
} from "./school-admin-rules";
import { pendingInviteRows, schoolTab, type PendingInviteRow, type SchoolTab } from "./school-admin-tab";
import { isSchoolAdmin, schoolStanding, type SchoolRole } from "../seats/school-standing";

/**
 * Roles at a school, the School tab and invites (docs/schools.md, "School
 * administration and invites"). Each method reads the clock once. Grants,
 * removals and invites go to the audit log, with the `ip` the route passes.
 * A refusal is returned (the rules throw it as Refused, so a transaction
 * rolls back; `settle` turns it back into the answer here).
 */
export interface SchoolAdminService {
  /** A school's affiliations; names only for its admins (and one's own record). */
  affiliations(userId: number, query: { groupConstituentId: number; currentOnly: boolean }): Promise<Affiliation[]>;
  /** POST /account/affiliation/{individualId}/: confirming one's own, or making another user an admin. */
  recordAffiliation(userId: number, request: AffiliationRequest, ip?: string): Promise<{ created: boolean; Id: number } | Refusal>;
  makeAdmin(userId: number, target: { schoolId: number; personId: number }, ip?: string): Promise<AdminGranted | Refusal>;
  /**
   * The confirmation page's facts before making someone admin; checks the
   * rules, changes nothing. `unavailable`: why it cannot be done now (no admin
   * seat free, no membership), for the page to say instead of offering it.
   */
  adminOffer(userId: number, target: { schoolId: number; personId: number }): Promise<{ name: string; schoolName: string; unavailable?: string } | Refusal>;
  removal(userId: number, affiliationId: number): Promise<Removal | Refusal>;
  remove(userId: number, request: { affiliationId: number; wholePerson: boolean }, ip?: string): Promise<Removal | Refusal>;
  schoolTab(userId: number): Promise<SchoolTab | undefined>;
  invite(userId: number, invite: InviteRequest, ip?: string): Promise<void | Refusal>;
  /** An admin's view of the school's pending invites. */
  pendingInvites(userId: number, schoolId: number): Promise<PendingInviteRow[] | Refusal>;
  revokeInvite(userId: number, target: { schoolId: number; inviteId: number }, ip?: string): Promise<{ email: string } | Refusal>;
  /** Sends a pending invite again, with a new link and a fresh expiry; the earlier link stops working. */
  resendInvite(userId: number, target: { schoolId: number; inviteId: number }, ip?: string): Promise<{ email: string } | Refusal>;
  /** Opening an invite link: what it offers this visitor. Reads only, so a mail scanner opening the link spends nothing. */
  inviteOffer(token: string, user: { id: number; email: string } | undefined): Promise<InviteOffer>;
  /** The invite page's "Join {school}" button: spends the invite, verifies the address and takes a seat. */
  acceptInvite(token: string, user: { id: number; email: string } | undefined): Promise<InviteAcceptance>;
  /** For the login answer: the role at the person's school and that school's latest membership expiry. */
  loginStanding(personId: number): Promise<{ role: SchoolRole; expiresAt: string | null } | undefined>;
}

/** POST /account/affiliation/{individualId}/'s body, as the route read it: ids of the type, the school and the person (the path's). */
export interface AffiliationRequest {
  typeId: number;
  schoolId: number;
  personId: number;
  /** With one's own affiliation: the seat usage it was recorded with. */
  salary: number;
}

export interface SchoolAdminDependencies {
  db: Kysely<Database>;
  crm: CrmPort;
  ids: CrmIds;
  logger: Logger;
  mailer: Mailer;
  audit: AuditLog;
  /** Limits the invites an admin and a school send (docs/schools.md). */
  rateLimiter: RateLimiter;
  config: { publicUrl: string };
  clock?: () => Date;
}

export function createSchoolAdminService(deps: SchoolAdminDependencies): SchoolAdminService {
  const { crm, ids } = deps;
  const clock = deps.clock ?? (() => new Date());
  const context: InviteContext = {
    crm,
    ids,
    logger: deps.logger,
    db: deps.db,
    mailer: deps.mailer,
    rateLimiter: deps.rateLimiter,
    publicUrl: deps.config.publicUrl,
    clock,
  };
  const hidden = { Id: 0, DisplayName: "", SortName: "" };

  return {
    async affiliations(userId, query) {
      const now = clock();
      const records = await crm.affiliations({ groupConstituentId: query.groupConstituentId, currentAt: query.currentOnly ? now : undefined });
      if (await isSchoolAdmin(crm, ids, { schoolId: query.groupConstituentId, personId: userId }, now)) return records;
      // Privacy: who else belongs to a school is for its admins; the roles stay visible (the wizard asks "has it an admin?").
      return records.map((record) => (record.IndividualConstituent.Id === userId ? record : { ...record, IndividualConstituent: hidden }));
    },

    recordAffiliation: (userId, request, ip) => settle(async () => {
      const now = clock();
      const { typeId, schoolId, personId, salary } = request;
      if (personId === userId) {
        // One's own affiliation is recorded with its seat (manual-benefit-usage); here it is only confirmed.
        const held = (await crm.affiliations({ groupConstituentId: schoolId, individualConstituentId: userId, currentAt: now })).find(
          (record) => record.AffiliationType.Id === typeId && record.Salary !== null && record.Salary === salary && isCurrent(record, now),
        );
        if (!held) refuse(context, "forbidden", SELF_AFFILIATION_MESSAGE, { userId, rule: "self-affiliation-recorded", schoolId, typeId });
        return { created: false, Id: held.Id };
      }
      if (typeId !== ids.affiliationTypes.admin) {
        await assertAdmin(userId, schoolId, now, personId);
        refuse(context, "forbidden", ONLY_ADMIN_ROLE_MESSAGE, { userId, rule: "admin-type-only", schoolId, personId, typeId });
      }
      const granted = await grantAdmin(userId, { schoolId, personId }, now, ip);
      return { created: granted.created, Id: granted.affiliation.Id };
    }),

    makeAdmin: (userId, target, ip) => settle(() => grantAdmin(userId, target, clock(), ip)),

    adminOffer: (userId, target) => settle(async () => {
      const now = clock();
      await assertAdmin(userId, target.schoolId, now, target.personId);
      const held = await crm.affiliations({ groupConstituentId: target.schoolId, individualConstituentId: target.personId, currentAt: now });
      const member = held[0];
      if (!member) return refusal("not-found", UNKNOWN_AFFILIATION_MESSAGE);
      const schoolName = member.GroupConstituent.DisplayName;
      const unavailable = await adminSeatProblemAt(context, { id: target.schoolId, name: schoolName }, now);
      return { name: member.IndividualConstituent.DisplayName, schoolName, unavailable };
    }),

    removal: (userId, affiliationId) => settle(() => checkRemoval(context, userId, affiliationId, clock())),
    remove: (userId, request, ip) => settle(async () => {
      const removal = await removeAffiliation(context, userId, request, clock());
      const { affiliation } = removal;
      await deps.audit.record({
        event: "school-affiliation.removed",
        actorId: userId,
        subjectId: affiliation.IndividualConstituent.Id,
        ip,
        details: {
          schoolId: affiliation.GroupConstituent.Id,
          affiliationId: affiliation.Id,
          wholePerson: request.wholePerson,
          invitesRevoked: removal.invitesRevoked ?? 0,
        },
      });
      return removal;
    }),
    schoolTab: (userId) => schoolTab({ crm, ids, db: deps.db }, userId, clock()),
    invite: (userId, invite, ip) => settle(async () => {
      await sendInvite(context, userId, invite, clock());
      const details = { schoolId: invite.organisationConstituentId, membershipId: invite.membershipId, email: invite.email };
      await deps.audit.record({ event: "school-invite.sent", actorId: userId, ip, details });
    }),
    pendingInvites: (userId, schoolId) => settle(async () => {
      const now = clock();
      await requireAdmin(context, userId, schoolId, now, { view: "invites" });
      return pendingInviteRows(deps.db, schoolId, now);
    }),
    revokeInvite: (userId, target, ip) => settle(async () => {
      const revoked = await revokeInvite(context, userId, target, clock());
      await deps.audit.record({ event: "school-invite.revoked", actorId: userId, ip, details: { ...target, email: revoked.email } });
      return revoked;
    }),
    resendInvite: (userId, target, ip) => settle(async () => {
      const resent = await resendInvite(context, userId, target, clock());
      await deps.audit.record({ event: "school-invite.resent", actorId: userId, ip, details: { ...target, email: resent.email } });
      return resent;
    }),
    inviteOffer: (token, user) => inviteOffer(context, token, user, clock()),
    acceptInvite: (token, user) => acceptInvite(context, token, user, clock()),

    async loginStanding(personId) {
      const standing = await schoolStanding(crm, ids, personId, clock());
      return standing && { role: standing.role, expiresAt: standing.latestMembership?.ExpirationDateTime ?? null };
    },
  };

  async function grantAdmin(userId: number, target: { schoolId: number; personId: number }, now: Date, ip: string | undefined): Promise<AdminGranted> {
    const granted = await makeAdmin(context, userId, target, now);
    if (granted.created) {
      const details = { schoolId: target.schoolId, affiliationId: granted.affiliation.Id, via: "made-admin" };
      await deps.audit.record({ event: "school-admin.granted", actorId: userId, subjectId: target.personId, ip, details });
    }
    return granted;
  }

  function assertAdmin(userId: number, schoolId: number, now: Date, personId: number): Promise<void> {
    return requireAdmin(context, userId, schoolId, now, { personId });
  }
}
