/*
 * The email domain a school's website suggests (issue 26): www.oakfield.sch.uk
 * suggests oakfield.sch.uk. Only a suggestion: staff confirm it before it
 * becomes an allowed domain. A site on a shared host (a blog, a site
 * builder, a council's pages) suggests nothing, since the school does not own
 * that domain's mail.
 */

const SHARED_HOSTS = [
  "blogspot.com",
  "co.uk",
  "facebook.com",
  "google.com",
  "gov.uk",
  "org.uk",
  "sch.uk",
  "squarespace.com",
  "weebly.com",
  "wix.com",
  "wixsite.com",
  "wordpress.com",
];

/** The domain, lower case, without "www." or a port; undefined when the website suggests none. */
export function suggestedEmailDomainOf(website: string): string | undefined {
  const trimmed = website.trim();
  if (trimmed === "") return undefined;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const domain = host.replace(/^www\d*\./, "").replace(/\.$/, "");
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain) || /^\d+(\.\d+)+$/.test(domain)) return undefined;
  // A page on a shared host (oakfield.wixsite.com/school, sites.google.com/...) or a bare public suffix.
  if (SHARED_HOSTS.some((shared) => domain === shared || (domain.endsWith(`.${shared}`) && !["co.uk", "org.uk", "sch.uk", "gov.uk"].includes(shared)))) {
    return undefined;
  }
  return domain;
}
