import type { Kysely } from "kysely";
import type { CrmIds, CrmPort } from "../crm";
import type { Database } from "../db/schema";
import { decideSchoolPurchase, type SchoolPurchaseDecision, type SchoolPurchaseRefusal } from "../domain/school-purchase";
import { schoolPurchaseFacts, seatGrantRefusals } from "../schools";
import { refuse, type Refusal } from "../shared/refusal";

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

/** The refusal the payer is given: not theirs to buy (forbidden) or nothing to buy (conflict), and what to do instead. */
export function schoolPurchaseRefusal(refusal: SchoolPurchaseRefusal, staffEmail: string): Refusal {
  const rule = `school-purchase:${refusal.reason}`;
  switch (refusal.reason) {
    case "ask-admin":
      return refuse("forbidden", `Only this school's admin can buy or renew its membership. Ask them to do it, or contact us at ${staffEmail}.`, { rule });
    case "ask-staff":
      return refuse("forbidden", `This school's membership has no admin, so it can't be bought or renewed online. Contact us at ${staffEmail} and we'll sort it out.`, { rule });
    case "unverified":
      return refuse("forbidden", seatGrantRefusals.unverified.message, { rule });
    case "other-domain":
      return refuse(
        "forbidden",
        `Only someone with one of this school's email addresses can buy its first membership. Sign up with your school email address, or contact us at ${staffEmail}.`,
        { rule },
      );
    case "unlimited":
      return refuse("conflict", `This school's membership already has unlimited seats, so there is nothing to buy. Contact us at ${staffEmail} if you need something else.`, { rule });
    case "too-small":
      return refuse(
        "conflict",
        `This school's membership covers up to ${refusal.ceiling} users, with ${refusal.seatsInUse} in use. A purchase can only renew or upgrade it: choose a plan for at least ${refusal.atLeast} users.`,
        { rule },
      );
  }
}
