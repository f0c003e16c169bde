/*
 * The people capability's front door: from outside server/people/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { createPeopleService, type PeopleService } from "./people-service";
