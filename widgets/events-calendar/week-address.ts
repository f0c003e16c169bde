/**
 * Keeps the shown week in the page address as ?date=YYYY-MM-DD (the server's
 * own parameter), without a new history entry, so Back from an event page and
 * a reload both return to that week. The first week is left out of the address
 * unless the address already names one.
 */
export function rememberWeekInAddress(monday: string, initialDate: string, win: Window = window): void {
  const url = new URL(win.location.href);
  if (url.searchParams.get("date") === monday) return;
  if (!url.searchParams.has("date") && monday === initialDate) return;
  url.searchParams.set("date", monday);
  win.history.replaceState(win.history.state, "", url);
}
