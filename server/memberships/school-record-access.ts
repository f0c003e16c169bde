import type { Logger } from "../logging";
import type { CrmIds } from "../crm/crm-ids";
import type { ConstituentDetail, CrmPort } from "../crm/crm-port";
import { HttpError } from "../shared/errors";
import type { OrganisationCreators } from "./organisation-creators";

/*
 * Who may read and change which CRM records through the wizard's calls
 * (contract, "crm-reads"): an organisation's record is for anyone signed in
 * (schools are public knowledge), a person's only for that person, and an
 * organisation's addresses only for the person who created it by hand.
 * Every refusal is logged at warn with who, which rule and which ids.
 */

export const NOT_FOUND_MESSAGE = "We couldn't find that record. Search for the school again, or check the address.";
export const OWN_RECORDS_ONLY_MESSAGE = "You can only see your own account's details, not someone else's.";
export const ADDRESS_OWNER_ONLY_MESSAGE = "You can't change this school's address: only the person who added the school can.";
export const ORGANISATIONS_ONLY_MESSAGE = "Attributes are kept for schools only, not for people.";

export interface RecordAccess {
  /** The record, if this person may read it; 404 when there is none, 403 when it is someone else's. */
  readable(userId: number, constituentId: number, rule: string): Promise<ConstituentDetail>;
  /** The record, if this person may change its addresses: their own, or an organisation they created. */
  changeable(userId: number, constituentId: number, rule: string): Promise<ConstituentDetail>;
  isOrganisation(detail: ConstituentDetail): boolean;
  deny(userId: number, rule: string, ids: Record<string, number>, message: string): never;
}

export function recordAccess(deps: { crm: CrmPort; ids: CrmIds; creators: OrganisationCreators; logger: Logger }): RecordAccess {
  const { crm, ids, creators, logger } = deps;
  const isOrganisation = (detail: ConstituentDetail) => detail.ConstituentType.Id === ids.constituentTypes.organisation;

  const deny = (userId: number, rule: string, refused: Record<string, number>, message: string): never => {
    logger.warn({ userId, rule, ...refused }, "school records: refused");
    throw new HttpError(403, message);
  };

  const existing = async (constituentId: number) => {
    const detail = await crm.constituentDetail(constituentId);
    if (!detail) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return detail;
  };

  return {
    isOrganisation,
    deny,
    async readable(userId, constituentId, rule) {
      const detail = await existing(constituentId);
      if (!isOrganisation(detail) && detail.Id !== userId) deny(userId, rule, { constituentId }, OWN_RECORDS_ONLY_MESSAGE);
      return detail;
    },
    async changeable(userId, constituentId, rule) {
      const detail = await existing(constituentId);
      if (detail.Id === userId) return detail;
      if (isOrganisation(detail) && (await creators.createdBy(detail.Id)) === userId) return detail;
      return deny(userId, rule, { constituentId }, isOrganisation(detail) ? ADDRESS_OWNER_ONLY_MESSAGE : OWN_RECORDS_ONLY_MESSAGE);
    },
  };
}
