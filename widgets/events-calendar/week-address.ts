/**
 * Keeps the shown week in the page address as ?date=YYYY-MM-DD (the server's
 * own parameter), so Back from an event page and a reload both return to that
 * week. Each week the visitor moves to is a new history entry, so the
 * browser's Back goes to the week before (weekFromAddress reads it back on
 * popstate). The first week is left out of the address unless the address
 * already names one.
 */

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

/** The address for `monday`, or null when the address already shows that week. */
function addressForWeek(monday: string, initialDate: string, href: string): URL | null {
  const url = new URL(href);
  if (url.searchParams.get("date") === monday) return null;
  if (!url.searchParams.has("date") && monday === initialDate) return null;
  url.searchParams.set("date", monday);
  return url;
}

/** The week the page opened on: put in the address in place, adding no history entry. */
export function rememberWeekInAddress(monday: string, initialDate: string, win: Window = window): void {
  const url = addressForWeek(monday, initialDate, win.location.href);
  if (url) win.history.replaceState(win.history.state, "", url);
}

/** A week the visitor moved to: a new history entry (none when the address already shows it, as after Back). */
export function pushWeekToAddress(monday: string, initialDate: string, win: Window = window): void {
  const url = addressForWeek(monday, initialDate, win.location.href);
  if (url) win.history.pushState(win.history.state, "", url);
}

/** The week the address names (after Back or Forward): its ?date=, else the week the page opened on. */
export function weekFromAddress(initialDate: string, win: Window = window): string {
  const date = new URL(win.location.href).searchParams.get("date");
  return date !== null && datePattern.test(date) ? date : initialDate;
}
