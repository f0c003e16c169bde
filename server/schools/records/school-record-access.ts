import type { Logger } from "../../logging";
import type { ConstituentDetail, CrmIds, CrmPort } from "../../crm";
import { refuse, Refused } from "../../shared/refusal";
import type { OrganisationCreators } from "./organisation-creators";

/*
 * Who may read and change which CRM records through the wizard's calls
 * (contract, "crm-reads"): an organisation's record is for anyone signed in
 * (schools are public knowledge), a person's only for that person, and an
 * organisation's addresses only for the person who created it by hand.
 * A record that is not yours is answered exactly as one that does not exist
 * (404, one message), so ids cannot be probed for which exist (issue 22,
 * item 9); only the warn log, with who, which rule and which ids, tells them apart.
 * A refusal here is thrown as Refused: the service's boundary returns it.
 */

export const NOT_FOUND_MESSAGE = "We couldn't find that record. Search for the school again, or check the address.";

export interface RecordAccess {
  /** The record, if this person may read it; 404 when there is none or it is someone else's. */
  readable(userId: number, constituentId: number, rule: string): Promise<ConstituentDetail>;
  /** The record, if this person may change its addresses: their own, or an organisation they created. */
  changeable(userId: number, constituentId: number, rule: string): Promise<ConstituentDetail>;
  isOrganisation(detail: ConstituentDetail): boolean;
  /** Logs the rule at warn, then answers as for a missing record. */
  deny(userId: number, rule: string, ids: Record<string, number>): never;
}

const notFound = (rule: string) => new Refused(refuse("not-found", NOT_FOUND_MESSAGE, { rule }));

export function recordAccess(deps: { crm: CrmPort; ids: CrmIds; creators: OrganisationCreators; logger: Logger }): RecordAccess {
  const { crm, ids, creators, logger } = deps;
  const isOrganisation = (detail: ConstituentDetail) => detail.ConstituentType.Id === ids.constituentTypes.organisation;

  const deny = (userId: number, rule: string, refused: Record<string, number>): never => {
    logger.warn({ userId, rule, ...refused }, "school records: refused");
    throw notFound(rule);
  };

  const existing = async (constituentId: number) => {
    const detail = await crm.constituentDetail(constituentId);
    if (!detail) throw notFound("record-exists");
    return detail;
  };

  return {
    isOrganisation,
    deny,
    async readable(userId, constituentId, rule) {
      const detail = await existing(constituentId);
      if (!isOrganisation(detail) && detail.Id !== userId) deny(userId, rule, { constituentId });
      return detail;
    },
    async changeable(userId, constituentId, rule) {
      const detail = await existing(constituentId);
      if (detail.Id === userId) return detail;
      if (isOrganisation(detail) && (await creators.createdBy(detail.Id)) === userId) return detail;
      return deny(userId, rule, { constituentId });
    },
  };
}
