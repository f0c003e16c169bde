/*
 * The schools capability's front door: from outside server/schools/, this
 * file is the only one imported, and the `schools` table is named nowhere
 * else (docs/architecture.md, "Import rules").
 */

export { SchoolRegister, isDemoUrn, registerHoldsSchools, DEMO_URN_FIRST, DEMO_URN_LAST, type RegisteredSchool } from "./school-register";
export { EstablishmentFileError, parseGiasEstablishments, type Establishment, type ParsedEstablishments } from "./gias-establishments";
export { importRegisterIntoEmbeddedCrm, type RegisterImportSummary } from "./register-import";
export { csvField } from "./csv-records";
export { createSchoolSearch } from "./search/create-school-search";
export type { CachedSchoolSearch } from "./search/cached-school-search";
export type { SchoolHit, SchoolSearch } from "./search/school-search-port";
