/** The page's language (<html lang>), so times read as the rest of the page does. */
function pageLocale(): string | undefined {
  return document.documentElement.lang || undefined;
}

/** "14:05": when a note was saved. */
export function timeOfDay(date: Date): string {
  return date.toLocaleTimeString(pageLocale(), { hour: "2-digit", minute: "2-digit" });
}

/** "3 Mar 2026, 14:05": when a draft was written (it may be days old). */
export function dayAndTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(pageLocale(), { dateStyle: "medium", timeStyle: "short" });
}
