/*
 * The web app manifest (/site.webmanifest) and the icons every browser asks
 * for at the site's root. The image files are generated once from
 * static/images/icons/icon.svg and committed (docs/seo.md, "Icons").
 */

export const WEB_MANIFEST_PATH = "/site.webmanifest";
export const WEB_MANIFEST_TYPE = "application/manifest+json; charset=utf-8";

/** Root address -> file under static/. Browsers ask for these without reading any page. */
export const ROOT_ICON_FILES: Readonly<Record<string, string>> = {
  "/favicon.ico": "images/icons/favicon.ico",
  "/apple-touch-icon.png": "images/icons/apple-touch-icon.png",
};

/** The brand's colours (static/css/tokens.css): the header's ink and the page's paper. */
const THEME_COLOR = "#141414";
const BACKGROUND_COLOR = "#ffffff";

/** Home-screen labels are cut at about 12 characters: a longer name is shortened to its first word. */
const SHORT_NAME_LENGTH = 12;

export function webManifest(site: { name: string; tagline: string }): Record<string, unknown> {
  const shortName = site.name.length <= SHORT_NAME_LENGTH ? site.name : (site.name.split(/\s+/)[0] ?? site.name);
  return {
    name: site.name,
    short_name: shortName,
    description: site.tagline,
    lang: "en-GB",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/static/images/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/static/images/icons/icon-512.png", sizes: "512x512", type: "image/png" },
    ],
  };
}
