/**
 * A slide's accessible name, "3 of 8" by default (WAI-ARIA APG carousel).
 * The template names its numbers, so a translation may put them in any order.
 */
export function slideLabel(template: string, number: number, total: number): string {
  return template.replaceAll("{number}", String(number)).replaceAll("{total}", String(total));
}
