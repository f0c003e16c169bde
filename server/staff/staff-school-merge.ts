import { inTransaction } from "../db/transactions";
import type { SchoolMergePreview } from "../schools";
import { isRefusal, type Refusal } from "../shared/refusal";
import { roleRefusal } from "./role-refusal";
import type { SchoolMergeDependencies } from "./staff-dependencies";
import type { SignedInStaff } from "./staff-sign-in";

/*
 * Merging a school entered by hand into its register record (issue 28,
 * docs/back-office.md "Merging a hand-entered school"): its people (their
 * roles and seats), memberships, allowed domains, pending invites, orders and
 * requests move to the register's school, all in one transaction, so nothing
 * is lost or left half-moved; the hand-entered school leaves search. Each
 * record moves through its owner's own front door (the CRM port, the
 * schools, payments and requests capabilities).
 */

export interface SchoolMerged {
  into: { id: number; name: string };
  people: number;
  memberships: number;
  orders: number;
  requests: number;
  invites: number;
}

export function staffSchoolMerge(deps: SchoolMergeDependencies) {
  const clock = deps.clock ?? (() => new Date());

  return {
    /** The confirmation page: what would move, or why it cannot. Changes nothing. */
    async mergePreview(staff: SignedInStaff, fromId: number, urn: string): Promise<SchoolMergePreview | Refusal> {
      const refused = roleRefusal(staff, "manage-memberships", "Merging schools needs the Membership role or above.");
      if (refused) return refused;
      return deps.preview(fromId, urn, clock());
    },

    async merge(staff: SignedInStaff, fromId: number, urn: string, ip: string): Promise<SchoolMerged | Refusal> {
      const refused = roleRefusal(staff, "manage-memberships", "Merging schools needs the Membership role or above.");
      if (refused) return refused;
      const merged = await inTransaction(deps.db, async (trx) => {
        // Checked again inside the transaction, under the register school's lock: nothing can join either school meanwhile.
        return deps.crm.inTransaction(
          async (crm) => {
            const preview = await deps.preview(fromId, urn, clock(), { db: trx, crm });
            if (isRefusal(preview)) return preview;
            const intoId = preview.into.constituent_id;
            const moved = await crm.mergeOrganisation(fromId, intoId);
            const { invites } = await deps.absorbHandEnteredSchool(trx, fromId, intoId);
            const orders = await deps.moveSchoolOrders(trx, fromId, intoId);
            const requests = await deps.moveSchoolRequests(trx, fromId, intoId);
            const merged = { into: { id: intoId, name: preview.into.name }, people: preview.people, memberships: moved.memberships, orders, requests, invites };
            await deps.audit.record(
              {
                event: "school.merged",
                actorId: null,
                staffActorId: staff.id,
                ip,
                details: { schoolId: intoId, mergedSchoolId: fromId, affiliations: moved.affiliations, memberships: moved.memberships, orders, requests, invites },
                record: { type: "school", id: intoId, before: { mergedSchoolId: fromId, mergedSchoolName: preview.from.name }, after: { urn: preview.into.urn ?? "" } },
              },
              trx,
            );
            return merged;
          },
          { joining: trx, lock: fromId },
        );
      });
      if (!isRefusal(merged)) await deps.schoolLeftRegister?.(fromId);
      return merged;
    },
  };
}
