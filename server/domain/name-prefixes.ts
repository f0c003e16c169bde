/**
 * The CRM's name prefixes (titles) offered on the profile form. -1 is "none",
 * the spec's Profile Prefix default (accounts spec, section 9). The CRM's
 * prefix ids are the same in the test and production sets.
 */
export interface NamePrefix {
  id: number;
  label: string;
}

export const NO_PREFIX_ID = -1;

export const NAME_PREFIXES: readonly NamePrefix[] = [
  { id: NO_PREFIX_ID, label: "None" },
  { id: 1, label: "Mr" },
  { id: 2, label: "Mrs" },
  { id: 3, label: "Ms" },
  { id: 4, label: "Miss" },
  { id: 5, label: "Mx" },
  { id: 6, label: "Dr" },
  { id: 7, label: "Prof" },
];

export function isNamePrefixId(id: number): boolean {
  return NAME_PREFIXES.some((prefix) => prefix.id === id);
}
