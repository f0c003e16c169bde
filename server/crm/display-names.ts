/** How the CRM names a constituent: organisations by their name; people "First Last", sorted "Last/First" as Tessitura does. */
export function displayNameOf(row: { kind: string; first_name: string; last_name: string }): string {
  return row.kind === "organisation" ? row.last_name : `${row.first_name} ${row.last_name}`.trim();
}

export function sortNameOf(row: { kind: string; first_name: string; last_name: string }): string {
  return row.kind === "organisation" ? row.last_name : `${row.last_name}/${row.first_name}`;
}

export function postalCodeKey(postcode: string): string {
  return postcode.replace(/\s+/g, "").toUpperCase();
}
