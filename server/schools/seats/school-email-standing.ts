import type { ConstituentId, CrmIds, CrmPort } from "../../crm";
import type { EmailStanding } from "../../domain/school-purchase";
import { emailMatchesSchoolDomains } from "./school-email-domain";

/**
 * The domain rule (accounts spec, section 4, "Domain validation"): a verified
 * email whose domain is one of the school's. Joining, the admin offer, the free
 * state membership and a first purchase for a school all ask it here.
 */
export async function emailStandingAt(crm: CrmPort, ids: CrmIds, verifiedEmail: string | undefined, schoolId: ConstituentId): Promise<EmailStanding> {
  if (!verifiedEmail) return "unverified";
  const domains = (await crm.attributes(schoolId, [ids.emailDomainKeywordId])).map((attribute) => attribute.Value);
  return emailMatchesSchoolDomains(verifiedEmail, domains) ? "matches" : "other-domain";
}
