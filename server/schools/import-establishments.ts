import type { CrmPort } from "../crm/crm-port";
import type { Establishment } from "./gias-establishments";
import type { SchoolRegister } from "./school-register";

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Brings the register's open schools into the CRM: a school seen before (same
 * URN) is updated in place, a new one becomes an organisation with its
 * address. Running it twice on the same file changes nothing the second time.
 */
export async function importEstablishments(
  establishments: readonly Establishment[],
  dependencies: { crm: CrmPort; register: SchoolRegister; now: Date },
): Promise<ImportSummary> {
  const { crm, register, now } = dependencies;
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0 };
  const known = await register.byUrns(establishments.map((school) => school.urn));

  for (const establishment of establishments) {
    const address = addressOf(establishment);
    const existing = known.get(establishment.urn);
    if (!existing) {
      const { Id } = await crm.createOrganisation({ LastName: establishment.name, Addresses: [address] }, now);
      await register.save({ constituent_id: Id, urn: establishment.urn, kind: establishment.kind, name: establishment.name }, now);
      summary.created++;
      continue;
    }
    const detail = await crm.constituentDetail(existing.constituent_id);
    const primary = detail?.Addresses.find((candidate) => candidate.PrimaryIndicator) ?? detail?.Addresses[0];
    const addressChanged =
      !primary ||
      primary.Street1 !== address.Street1 ||
      primary.Street2 !== address.Street2 ||
      primary.Street3 !== address.Street3 ||
      primary.City !== address.City ||
      primary.PostalCode !== address.PostalCode;
    const schoolChanged = existing.name !== establishment.name || existing.kind !== establishment.kind;
    if (!addressChanged && !schoolChanged) {
      summary.unchanged++;
      continue;
    }
    if (existing.name !== establishment.name) await crm.renameOrganisation(existing.constituent_id, establishment.name, now);
    if (addressChanged) {
      if (primary) await crm.updateAddress(primary.Id, { ...address, CountryId: primary.Country.Id, StateId: primary.State?.Id ?? null }, now);
      else await crm.createAddress(existing.constituent_id, address, now);
    }
    await register.save({ ...existing, kind: establishment.kind, name: establishment.name }, now);
    summary.updated++;
  }
  return summary;
}

function addressOf(establishment: Establishment) {
  return {
    Street1: establishment.street || establishment.locality || establishment.town,
    Street2: establishment.street ? establishment.locality : "",
    Street3: establishment.address3,
    City: establishment.town,
    PostalCode: establishment.postcode,
    PrimaryIndicator: true,
  };
}
