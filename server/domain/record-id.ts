/**
 * A CRM record id as the site accepts it from outside (a path, a query, a
 * form field or JSON): a positive whole number, written without sign, point
 * or leading zero, at most 15 digits so it is exact as a JavaScript number.
 * Anything else is no id at all.
 */
export function recordId(value: unknown): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value !== "string") return undefined;
  const text = value.trim();
  return /^[1-9]\d{0,14}$/.test(text) ? Number(text) : undefined;
}
