import type { Kysely } from "kysely";
import type { CrmIds } from "../crm/crm-ids";
import type { CrmPort } from "../crm/crm-port";
import type { Database } from "../db/schema";
import { decideSchoolPurchase, type SchoolPurchaseDecision, type SchoolPurchaseRefusal } from "../domain/school-purchase";
import { refusals } from "../memberships/seat-grants-refusals";
import { schoolPurchaseFacts } from "../memberships/school-purchase-standing";

/*
 * The school-purchase rule (server/domain/school-purchase.ts) as the basket and
 * fulfilment ask it, and what a refusal tells the payer (docs/payments.md,
 * "Who may buy for a school").
 */

export interface SchoolOrder {
  constituentId: number;
  schoolId: number;
  levelId: number;
  numberOfUsers: number;
}

/** Reads the facts through `db` and `crm` (fulfilment passes its transaction's, under the school's lock) and decides. */
export async function schoolPurchaseDecision(db: Kysely<Database>, crm: CrmPort, ids: CrmIds, order: SchoolOrder, now: Date): Promise<SchoolPurchaseDecision> {
  const { constituentId: personId, schoolId, levelId, numberOfUsers } = order;
  return decideSchoolPurchase(await schoolPurchaseFacts(db, crm, ids, { schoolId, personId, levelId, numberOfUsers, now }));
}

/** The status and the sentence saying what to do instead. */
export function schoolPurchaseRefusal(refusal: SchoolPurchaseRefusal, staffEmail: string): { status: 403 | 409; message: string } {
  switch (refusal.reason) {
    case "ask-admin":
      return { status: 403, message: `Only this school's admin can buy or renew its membership. Ask them to do it, or contact us at ${staffEmail}.` };
    case "ask-staff":
      return { status: 403, message: `This school's membership has no admin, so it can't be bought or renewed online. Contact us at ${staffEmail} and we'll sort it out.` };
    case "unverified":
      return { status: 403, message: refusals.unverified.message };
    case "other-domain":
      return {
        status: 403,
        message: `Only someone with one of this school's email addresses can buy its first membership. Sign up with your school email address, or contact us at ${staffEmail}.`,
      };
    case "unlimited":
      return { status: 409, message: `This school's membership already has unlimited seats, so there is nothing to buy. Contact us at ${staffEmail} if you need something else.` };
    case "too-small":
      return {
        status: 409,
        message: `This school's membership covers up to ${refusal.ceiling} users, with ${refusal.seatsInUse} in use. A purchase can only renew or upgrade it: choose a plan for at least ${refusal.atLeast} users.`,
      };
  }
}
