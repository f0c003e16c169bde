/*
 * The privacy capability's front door: from outside server/privacy/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createPrivacyService, type PrivacyService } from "./privacy-service";
export { personalDataFileName } from "./personal-data-export";
