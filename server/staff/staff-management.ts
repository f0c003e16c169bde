import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { inExclusiveTransaction } from "../db/transactions";
import { emailProblem, normaliseEmail } from "../domain/email";
import { refuse, Refused, settle, type Refusal } from "../shared/refusal";
import { recordStaffEvent, staffRecordOf } from "./staff-audit";
import type { StaffDependencies } from "./staff-dependencies";
import { enrolmentLinks, type EnrolmentLink } from "./staff-enrolment";
import { ENROLMENT_LINK_LIFETIME_HOURS, staffRecords, type StaffAccount } from "./staff-records";
import {
  invitationProblem,
  isStaffRole,
  removalProblem,
  roleAllows,
  roleChangeProblem,
  STAFF_ROLE_LABELS,
  type StaffChangeProblem,
  type StaffMemberRole,
  type StaffRole,
} from "./staff-roles";

/*
 * The staff page's writes, owners' only (docs/back-office.md). Each change runs in one exclusive transaction
 * (staff-roles.ts' rules read the owners count, and two owners demoting each
 * other at once must not both succeed), recorded in the audit log with the
 * account before and after.
 */

export interface StaffListEntry {
  id: number;
  email: string;
  role: StaffRole;
  roleLabel: string;
  enrolled: boolean;
  createdAt: string;
}

export interface StaffInvite {
  email: string;
  role: StaffRole;
}

const problemMessages: Record<StaffChangeProblem, string> = {
  "not-allowed": "Only an owner can manage staff accounts.",
  "raises-own-role": "You can't raise your own role. Ask another owner.",
  "last-owner": "The back office needs at least one owner. Make someone else an owner first.",
  unchanged: "That account already has this role.",
};

const problemReasons: Record<StaffChangeProblem, "forbidden" | "conflict"> = {
  "not-allowed": "forbidden",
  "raises-own-role": "forbidden",
  "last-owner": "conflict",
  unchanged: "conflict",
};

function refusalFor(problem: StaffChangeProblem): Refusal {
  return refuse(problemReasons[problem], problemMessages[problem], { rule: `staff-${problem}` });
}

/** Every change to the staff takes this lock (staff-command.ts' too). */
export const STAFF_CHANGES_LOCK = "staff-accounts";

function entryOf(account: StaffAccount): StaffListEntry {
  return { id: account.id, email: account.email, role: account.role, roleLabel: STAFF_ROLE_LABELS[account.role], enrolled: account.enrolledAt !== null, createdAt: account.createdAt };
}

export function staffManagement(deps: StaffDependencies) {
  const records = staffRecords(deps.db);
  const links = enrolmentLinks(deps);
  const clock = deps.clock ?? (() => new Date());

  /** Runs `work` as one staff change: the actor and the target read inside it, a refusal thrown inside rolls it back. */
  function change<T>(work: (trx: Kysely<Database>, tx: ReturnType<typeof staffRecords>) => Promise<T>): Promise<T | Refusal> {
    return settle(() => inExclusiveTransaction(deps.db, STAFF_CHANGES_LOCK, (trx) => work(trx, staffRecords(trx))));
  }

  /** The actor and the target, read in the change's transaction. A target the actor may not manage is not theirs to know of either. */
  async function accountsOf(tx: ReturnType<typeof staffRecords>, actorId: number, targetId: number): Promise<{ actor: StaffAccount; target: StaffAccount }> {
    const [actor, target] = await Promise.all([tx.byId(actorId), tx.byId(targetId)]);
    if (!actor) throw new Refused(refusalFor("not-allowed"));
    if (!target) {
      if (!roleAllows(actor.role, "manage-staff")) throw new Refused(refusalFor("not-allowed"));
      throw new Refused(refuse("not-found", "There is no such staff account. It may have been removed.", { rule: "staff-account-missing" }));
    }
    return { actor, target };
  }

  async function mailEnrolmentLink(trx: Kysely<Database>, to: string, role: StaffRole, link: EnrolmentLink, invitedBy: string): Promise<void> {
    await deps.mailer.send(
      { to, template: "staff-invite", context: { enrolmentUrl: link.url, roleLabel: STAFF_ROLE_LABELS[role], expiresInHours: ENROLMENT_LINK_LIFETIME_HOURS, invitedBy } },
      { db: trx },
    );
  }

  return {
    async list(actor: StaffMemberRole): Promise<{ staff: StaffListEntry[]; owners: number } | Refusal> {
      const problem = invitationProblem(actor);
      if (problem) return refusalFor(problem);
      const accounts = await records.all();
      return { staff: accounts.map(entryOf), owners: accounts.filter((account) => account.role === "owner").length };
    },

    /** Makes the account and emails its enrolment link. */
    async invite(actorId: number, invite: { email: string; role: string }, ip: string): Promise<StaffListEntry | Refusal> {
      const email = normaliseEmail(invite.email);
      const errors = {
        ...(emailProblem(email) ? { email: [emailProblem(email)!] } : {}),
        ...(isStaffRole(invite.role) ? {} : { role: ["Choose a role."] }),
      };
      if (Object.keys(errors).length > 0 || !isStaffRole(invite.role)) return refuse("invalid", "Check the email address and the role.", { errors });
      const role = invite.role;
      return change(async (trx, tx) => {
        const actor = await tx.byId(actorId);
        const problem = actor ? invitationProblem(actor) : "not-allowed";
        if (problem || !actor) throw new Refused(refusalFor(problem ?? "not-allowed"));
        const id = await tx.insert(email, role, clock(), trx);
        if (id === undefined) {
          throw new Refused(refuse("conflict", `${email} is already on the staff.`, { errors: { email: [`${email} is already on the staff.`] }, rule: "staff-exists" }));
        }
        const link = await links.issue(id, trx);
        await mailEnrolmentLink(trx, email, role, link, actor.email);
        await recordStaffEvent(deps.audit, { event: "staff.invited", actorId, target: { id }, ip, after: { email, role } }, trx);
        return entryOf((await tx.byId(id))!);
      });
    },

    async changeRole(actorId: number, targetId: number, newRole: string, ip: string): Promise<StaffListEntry | Refusal> {
      if (!isStaffRole(newRole)) return refuse("invalid", "Choose a role.", { errors: { role: ["Choose a role."] } });
      return change(async (trx, tx) => {
        const { actor, target } = await accountsOf(tx, actorId, targetId);
        const problem = roleChangeProblem({ actor, target, newRole, owners: await tx.owners() });
        if (problem) throw new Refused(refusalFor(problem));
        await tx.setRole(target.id, newRole, trx);
        await recordStaffEvent(deps.audit, { event: "staff.role-changed", actorId, target, ip, before: { role: target.role }, after: { role: newRole } }, trx);
        return entryOf({ ...target, role: newRole });
      });
    },

    async remove(actorId: number, targetId: number, ip: string): Promise<StaffListEntry | Refusal> {
      return change(async (trx, tx) => {
        const { actor, target } = await accountsOf(tx, actorId, targetId);
        const problem = removalProblem({ actor, target, owners: await tx.owners() });
        if (problem) throw new Refused(refusalFor(problem));
        await tx.delete(target.id, trx);
        await recordStaffEvent(deps.audit, { event: "staff.removed", actorId, target, ip, before: staffRecordOf(target), after: null }, trx);
        return entryOf(target);
      });
    },

    /** A new enrolment link, emailed: for someone who never used theirs, or lost their authenticator and their codes. */
    async sendEnrolmentLink(actorId: number, targetId: number, ip: string): Promise<StaffListEntry | Refusal> {
      return change(async (trx, tx) => {
        const { actor, target } = await accountsOf(tx, actorId, targetId);
        const problem = invitationProblem(actor);
        if (problem) throw new Refused(refusalFor(problem));
        const link = await links.issue(target.id, trx);
        await mailEnrolmentLink(trx, target.email, target.role, link, actor.email);
        await recordStaffEvent(deps.audit, { event: "staff.enrolment-link-sent", actorId, target, ip, details: { expiresAt: link.expiresAt } }, trx);
        return entryOf(target);
      });
    },
  };
}

export type StaffManagement = ReturnType<typeof staffManagement>;
