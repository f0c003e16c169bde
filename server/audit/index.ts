/*
 * The audit capability's front door: from outside server/audit/,
 * this file is the only one imported (docs/architecture.md, "Import rules").
 */

export { AUDIT_RETENTION_MONTHS, createAuditLog, type AuditLog, type AuditRecord } from "./audit-log";
