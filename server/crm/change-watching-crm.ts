import type { CrmPort } from "./crm-port";

/** Whose CRM record a write changed: a constituent, or (when the call does not say whose) possibly anyone's. */
export type CrmChange = number | "everyone";

/**
 * Which calls change what a person's record, or their own memberships, say,
 * and whose: `satisfies` makes a new method a compile error until it is
 * classed here. Reads, and writes to what is not kept per person
 * (organisations, addresses, attributes, seats and affiliations), are
 * "unwatched".
 */
const changes = {
  inTransaction: "unit",
  countries: "unwatched",
  states: "unwatched",
  createOrganisation: "unwatched",
  renameOrganisation: "unwatched",
  constituentDetail: "unwatched",
  personContact: "unwatched",
  personDetails: "unwatched",
  findPerson: "unwatched",
  findPeople: "unwatched",
  currentMembers: "unwatched",
  currentSchoolMemberships: "unwatched",
  createPerson: "unwatched",
  updatePerson: (id: number) => id,
  changePrimaryEmail: (id: number) => id,
  searchOrganisationsByPostcode: "unwatched",
  createAddress: "unwatched",
  updateAddress: "unwatched",
  erasePerson: (id: number) => id,
  attributes: "unwatched",
  replaceAttributes: "unwatched",
  attributeHolders: "unwatched",
  mergeOrganisation: "unwatched",
  memberships: "unwatched",
  membershipSummary: "unwatched",
  membershipFigures: "unwatched",
  membershipsEndingBetween: "unwatched",
  createMembership: (membership: { constituentId: number }) => membership.constituentId,
  // These calls name the membership, not its holder.
  renewMembership: () => "everyone",
  changeMembershipSeats: () => "everyone",
  endMembership: () => "everyone",
  seatBenefits: "unwatched",
  claimSeat: "unwatched",
  releaseSeat: "unwatched",
  affiliations: "unwatched",
  affiliation: "unwatched",
  createAffiliation: "unwatched",
  endAffiliation: "unwatched",
} satisfies Record<keyof CrmPort, "unit" | "unwatched" | ((...args: never[]) => CrmChange)>;

/**
 * `inner`, telling `onChange` whose record each write changed, so what a
 * process keeps about a signed-in person (accounts' session people) is
 * dropped at once. A write inside a unit (inTransaction) is told when it is
 * made and again once the unit has ended: a read between the write and the
 * commit still saw the old record, and may have kept it.
 */
export function watchCrmChanges(inner: CrmPort, onChange: (change: CrmChange) => void): CrmPort {
  const watched = {} as Record<string, unknown>;
  for (const name of Object.keys(changes) as (keyof CrmPort)[]) {
    const kind = changes[name];
    const method = inner[name] as (...args: unknown[]) => Promise<unknown>;
    if (kind === "unit") continue;
    if (kind === "unwatched") {
      watched[name] = method.bind(inner);
      continue;
    }
    const whose = kind as (...args: unknown[]) => CrmChange;
    watched[name] = async (...args: unknown[]) => {
      try {
        return await method.apply(inner, args);
      } finally {
        onChange(whose(...args));
      }
    };
  }
  watched.inTransaction = async <T>(work: (crm: CrmPort) => Promise<T>, options?: Parameters<CrmPort["inTransaction"]>[1]): Promise<T> => {
    const changed: CrmChange[] = [];
    try {
      return await inner.inTransaction(
        (unit) =>
          work(
            watchCrmChanges(unit, (change) => {
              changed.push(change);
              onChange(change);
            }),
          ),
        options,
      );
    } finally {
      for (const change of changed) onChange(change);
    }
  };
  return watched as unknown as CrmPort;
}
