/**
 * The CRM adapters, for the composition root alone (server/feature-services.ts
 * and the commands that seed or import into the embedded CRM): the lint refuses
 * this file anywhere else (lint/crm-ownership.mjs). Features are given a CrmPort.
 */
export { createSqlCrm } from "./sql-crm";
export { createTessituraCrm, TessituraNotSupportedError } from "./tessitura/tessitura-crm";
export { createCircuitBreakingCrm, type CircuitBreakingCrm, type CrmBreakerOptions } from "./circuit-breaking-crm";
export { watchCrmChanges, type CrmChange } from "./change-watching-crm";
