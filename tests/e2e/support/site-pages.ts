import type { Page } from "@playwright/test";

/**
 * The pages every accessibility run checks. Listed, so each gets its own test
 * (and runs in parallel); `discoverSitePages` finds what a visitor can reach,
 * and a test fails when a reachable page is missing from this list.
 */
export const sitePages = [
  "/",
  "/about-us/",
  "/learning-and-participation/",
  "/visit-us/",
  "/support-us/",
  "/privacy/",
  "/whats-on/",
  "/whats-on/macbeth/",
  "/gallery/",
  "/people/",
  "/people/priya-raman/",
  "/resources/",
  "/resources/the-crucible-teachers-guide-ks5/",
  "/search/",
  "/search/?q=macbeth",
  "/account/login/",
  "/account/register/",
  "/account/forgot-password/",
  // The back office's sign-in: public (unlinked, noindex), unlike /staff/ itself (docs/back-office.md).
  "/staff-sign-in/",
  "/dev/mailbox/",
  "/patterns/",
  "/patterns/accordion/",
  "/patterns/account-form/",
  "/patterns/account-tabs/",
  "/patterns/carousel/",
  "/patterns/change-email-dialog/",
  "/patterns/confirm-action/",
  "/patterns/disclosure/",
  "/patterns/edit-users-dialog/",
  "/patterns/events-calendar/",
  "/patterns/gallery/",
  "/patterns/hidden-activities/",
  "/patterns/lazy-images/",
  "/patterns/login-form/",
  "/patterns/profile-dialog/",
  "/patterns/register-wizard/",
  "/patterns/resource-filters/",
  "/patterns/save-resource/",
  "/patterns/search-box/",
  "/patterns/share-dialog/",
  "/patterns/site-header/",
  "/patterns/staff-school-finder/",
  "/patterns/teacher-note/",
  "/patterns/tools-panel/",
  "/this-page-does-not-exist/",
];

/** Pages only a signed-in person reaches (the checks visit every page of `sitePages` signed in as well). */
export const signedInOnlyPages = ["/account/my-account/", "/account/dashboard/"];

/**
 * Who the signed-in checks sign in as (fixtures/content/accounts.yaml): a
 * member, whose resource pages carry notes and tools, and a school admin,
 * whose My account has the School tab.
 */
export const signedInVisitors = [
  { label: "member", email: "individual@example.com", pages: [...sitePages, ...signedInOnlyPages] },
  { label: "school admin", email: "admin@riverside.sch.uk", pages: signedInOnlyPages },
];

/** Same-site page paths linked from the home page, the pattern index and the main listing pages. */
export async function discoverSitePages(page: Page): Promise<string[]> {
  const paths = new Set<string>();
  for (const start of ["/", "/patterns/", "/whats-on/", "/people/"]) {
    await page.goto(start);
    const origin = new URL(page.url()).origin;
    const hrefs = await page.$$eval("header a[href], footer a[href], main a[href]", (links) =>
      links.map((a) => (a as HTMLAnchorElement).href),
    );
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== origin || url.pathname.startsWith("/static/")) continue;
      paths.add(url.pathname);
    }
  }
  return [...paths].sort();
}
