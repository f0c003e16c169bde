import { inExclusiveTransaction } from "../db/transactions";
import { emailProblem, normaliseEmail } from "../domain/email";
import { refuse, Refused, settle, type Refusal } from "../shared/refusal";
import { recordStaffEvent } from "./staff-audit";
import type { StaffDependencies } from "./staff-dependencies";
import { enrolmentLinks, type EnrolmentLink } from "./staff-enrolment";
import { STAFF_CHANGES_LOCK } from "./staff-management";
import { staffRecords } from "./staff-records";
import { isStaffRole, STAFF_ROLES, type StaffRole } from "./staff-roles";

export interface StaffCommandRequest {
  email: string;
  role: string;
  /** For an address already on the staff: a new enrolment link instead of a refusal (its role stays). */
  newLink: boolean;
}

export interface StaffCommandResult {
  link: EnrolmentLink;
  created: boolean;
  email: string;
  role: StaffRole;
}

/**
 * `npm run staff:create` (staff-cli.ts): a new staff account and its
 * enrolment link, printed rather than emailed, so the first owner needs no
 * one to invite them. With `newLink`, an address already on the staff gets a
 * new link instead (the way back in for an owner who lost both their
 * authenticator and their recovery codes); its role stays. Recorded in the
 * audit log with no staff actor (the command line).
 */
export async function createStaffByCommand(
  deps: Pick<StaffDependencies, "db" | "audit" | "publicUrl" | "clock">,
  request: StaffCommandRequest,
): Promise<StaffCommandResult | Refusal> {
  const email = normaliseEmail(request.email);
  const problem = emailProblem(email);
  if (problem) return refuse("invalid", `--email: ${problem}`);
  if (!isStaffRole(request.role)) return refuse("invalid", `--role must be one of: ${STAFF_ROLES.join(", ")}.`);
  const role = request.role;
  const clock = deps.clock ?? (() => new Date());
  const links = enrolmentLinks(deps);
  return settle(() =>
    inExclusiveTransaction(deps.db, STAFF_CHANGES_LOCK, async (trx) => {
      const records = staffRecords(trx);
      const existing = await records.byEmail(email);
      if (existing && !request.newLink) {
        throw new Refused(refuse("conflict", `${email} is already on the staff (${existing.role}). Add --new-link to print a new enrolment link for them.`));
      }
      const id = existing?.id ?? (await records.insert(email, role, clock(), trx))!;
      const link = await links.issue(id, trx);
      await recordStaffEvent(
        deps.audit,
        existing
          ? { event: "staff.enrolment-link-sent", actorId: null, target: existing, details: { via: "command", expiresAt: link.expiresAt } }
          : { event: "staff.created", actorId: null, target: { id }, after: { email, role }, details: { via: "command" } },
        trx,
      );
      return { link, created: !existing, email, role: existing?.role ?? role };
    }),
  );
}
