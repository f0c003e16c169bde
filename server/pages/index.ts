/*
 * The pages capability's front door: from outside server/pages/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createPagesService, type PagesService } from "./pages-service";
export { forgetSiteSettings, type SiteSettings } from "./site-settings";
