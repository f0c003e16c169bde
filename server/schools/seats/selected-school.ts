import type { Address, ConstituentDetail, CrmIds, CrmPort, MembershipSummary } from "../../crm";
import type { CheckedSchool } from "../../../contracts/shapes/schools";
import { schoolTypeOf } from "../school-kind";
import type { RegisteredSchool } from "../school-register";
import { currentMembership } from "./school-seats";

/** A school as the wizard holds it once chosen: POST /account/school-check's answer (contracts/shapes/schools.ts). */
export type SelectedSchool = CheckedSchool;

/** The address a school is known by: its active primary one, else its first active one. */
export function primaryAddress(addresses: readonly Address[]): Address | undefined {
  const active = addresses.filter((address) => !address.Inactive);
  return active.find((address) => address.PrimaryIndicator) ?? active[0];
}

/** Builds the selected school from the CRM record, its register entry (if any), its membership, seats and admins, all as of `now`. */
export async function selectedSchoolOf(
  crm: CrmPort,
  ids: CrmIds,
  school: { detail: ConstituentDetail; register: RegisteredSchool | undefined },
  now: Date,
): Promise<SelectedSchool> {
  const { detail, register } = school;
  const address = primaryAddress(detail.Addresses);
  const membership = await currentMembership(crm, detail.Id, now);
  const current = await crm.affiliations({ groupConstituentId: detail.Id, currentAt: now });
  const seats = membership ? await userSeats(crm, ids, membership, current.filter((a) => a.AffiliationType.Id === ids.affiliationTypes.user).length) : undefined;
  return {
    name: detail.DisplayName,
    addressLine1: address?.Street1 ?? "",
    addressLine2: address?.Street2 ?? "",
    addressLine3: address?.Street3 ?? "",
    city: address?.City ?? "",
    state: address?.State?.Id ?? null,
    county: null,
    postalCode: address?.PostalCode ?? "",
    country: address?.Country.Id ?? ids.defaultCountryId,
    type: register ? schoolTypeOf(register.kind) : null,
    URN: register?.urn ?? null,
    constituentId: detail.Id,
    membershipDetails: membership
      ? { Id: membership.Id, ExpirationDateTime: membership.ExpirationDateTime, Constituent: { DisplayName: membership.Constituent.DisplayName, SortName: membership.Constituent.SortName } }
      : null,
    totalAvailable: seats?.available ?? 0,
    benefitUsage: seats?.used ?? 0,
    hasAdmin: current.some((affiliation) => affiliation.AffiliationType.Id === ids.affiliationTypes.admin),
  };
}

/** The membership's user seats; an unlimited benefit counts no remainder, so its use is the school's current users. */
async function userSeats(crm: CrmPort, ids: CrmIds, membership: MembershipSummary, currentUsers: number) {
  const benefit = (await crm.seatBenefits(membership.Id)).find((seat) => seat.Benefit.Id === ids.seatBenefits.userSeat);
  if (!benefit) return undefined;
  if (benefit.MembershipLevelBenefit.UnlimitedIndicator) return { available: "unlimited" as const, used: currentUsers };
  return { available: benefit.TotalAvailable, used: benefit.TotalAvailable - benefit.TotalRemaining };
}
