import { defineWidget } from "../runtime/definition";
import type { SiteHeaderProps } from "./parse";

/** The site header's main menu: `data-widget="site-header"` on the wrapper of its toggle and nav. */
export const siteHeaderWidget = defineWidget<SiteHeaderProps>({
  name: "site-header",
  // Loaded at once: the menu is the first thing a phone user reaches for.
  hydrate: "load",
  load: () => import("./widget"),
});
