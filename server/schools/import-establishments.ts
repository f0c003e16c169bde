import type { AddressInput, CrmPort } from "../crm";
import type { Establishment } from "./gias-establishments";
import type { RegisteredSchool, SchoolRegister } from "./school-register";
import { suggestedEmailDomainOf } from "./website-domain";

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  /** Closed schools listed open again: back in search, with their old CRM record. */
  reopened: number;
}

/** What one school's import did. */
export type SchoolOutcome = keyof ImportSummary;

/** What the register held of the URNs being imported: open schools, and closed ones (which may reopen). */
export interface KnownSchools {
  open: ReadonlyMap<string, RegisteredSchool>;
  closed: ReadonlyMap<string, RegisteredSchool>;
}

export interface ImportDependencies {
  crm: CrmPort;
  register: SchoolRegister;
  now: Date;
  source?: string;
  /**
   * Finds the CRM organisation a new URN already has although the register
   * does not list it (an import stopped between the CRM's answer and the
   * register's write): the Tessitura path only (register-import.ts).
   */
  adopt?: (establishment: Establishment) => Promise<number | undefined>;
  /** Told the id of each organisation created, as soon as the CRM answers. */
  created?: (constituentId: number) => void;
}

/** The register's schools among these URNs, open or closed. */
export async function knownSchools(register: SchoolRegister, urns: readonly string[]): Promise<KnownSchools> {
  const open = await register.byUrns(urns);
  const closed = await register.closedByUrns(urns.filter((urn) => !open.has(urn)));
  return { open, closed };
}

/**
 * Brings the register's open schools into the CRM: a school seen before (same
 * URN) is updated in place, a new one becomes an organisation with its
 * address. Running it twice on the same file changes nothing the second time.
 */
export async function importEstablishments(establishments: readonly Establishment[], dependencies: ImportDependencies): Promise<ImportSummary> {
  const summary: ImportSummary = { created: 0, updated: 0, unchanged: 0, reopened: 0 };
  const known = await knownSchools(dependencies.register, establishments.map((school) => school.urn));
  for (const establishment of establishments) summary[await importEstablishment(establishment, known, dependencies)]++;
  return summary;
}

/**
 * One school: its CRM calls, then its register row (so that, outside a
 * transaction, a school in the register is one whose CRM record is written).
 */
export async function importEstablishment(establishment: Establishment, known: KnownSchools, dependencies: ImportDependencies): Promise<SchoolOutcome> {
  const { crm, register, now } = dependencies;
  const source = dependencies.source ?? "the register file";
  const address = addressOf(establishment);
  const reopening = known.closed.get(establishment.urn);
  const existing = known.open.get(establishment.urn) ?? reopening;
  if (!existing) {
    const adopted = await dependencies.adopt?.(establishment);
    if (adopted !== undefined) {
      await updatePrimaryAddress(crm, adopted, address, now);
      await register.save(registerEntryOf(adopted, establishment, address, source), now);
      return "created";
    }
    const { Id } = await crm.createOrganisation({ LastName: establishment.name, Addresses: [address] }, now);
    dependencies.created?.(Id);
    await register.save(registerEntryOf(Id, establishment, address, source), now);
    return "created";
  }
  const entry = registerEntryOf(existing.constituent_id, establishment, address, source, existing);
  if (reopening) {
    if (existing.name !== entry.name) await crm.renameOrganisation(existing.constituent_id, entry.name, now);
    await updatePrimaryAddress(crm, existing.constituent_id, address, now);
    await register.reopen(entry, now);
    return "reopened";
  }
  if (sameEntry(existing, entry)) return "unchanged";
  if (existing.name !== entry.name) await crm.renameOrganisation(existing.constituent_id, entry.name, now);
  await updatePrimaryAddress(crm, existing.constituent_id, address, now);
  await register.save(entry, now);
  return "updated";
}

async function updatePrimaryAddress(crm: CrmPort, constituentId: number, address: AddressInput, now: Date): Promise<void> {
  const detail = await crm.constituentDetail(constituentId);
  const primary = detail?.Addresses.find((candidate) => candidate.PrimaryIndicator) ?? detail?.Addresses[0];
  if (primary) await crm.updateAddress(primary.Id, { ...address, CountryId: primary.Country.Id, StateId: primary.State?.Id ?? null }, now);
  else await crm.createAddress(constituentId, address, now);
}

function addressOf(establishment: Establishment): AddressInput & { Street2: string; Street3: string } {
  return {
    Street1: establishment.street || establishment.locality || establishment.town,
    Street2: establishment.street ? establishment.locality : "",
    Street3: establishment.address3,
    City: establishment.town,
    PostalCode: establishment.postcode,
    PrimaryIndicator: true,
  };
}

function registerEntryOf(
  constituentId: number,
  establishment: Establishment,
  address: ReturnType<typeof addressOf>,
  source: string,
  existing?: RegisteredSchool,
): RegisteredSchool {
  const suggestion = suggestedEmailDomainOf(establishment.website) ?? null;
  // The source names the file the suggestion first came from: an unchanged suggestion keeps it, so a monthly refresh changes nothing.
  const suggestionSource =
    suggestion === null
      ? null
      : existing?.suggested_email_domain === suggestion && existing.suggested_email_domain_source
        ? existing.suggested_email_domain_source
        : `SchoolWebsite ${establishment.website} in ${source}`;
  return {
    constituent_id: constituentId,
    urn: establishment.urn,
    kind: establishment.kind,
    name: establishment.name,
    street1: address.Street1,
    street2: address.Street2,
    street3: address.Street3,
    city: address.City,
    postcode: address.PostalCode,
    website: establishment.website,
    suggested_email_domain: suggestion,
    suggested_email_domain_source: suggestionSource,
  };
}

function sameEntry(a: RegisteredSchool, b: RegisteredSchool): boolean {
  return (Object.keys(b) as (keyof RegisteredSchool)[]).every((key) => a[key] === b[key]);
}
