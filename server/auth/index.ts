/*
 * The auth capability's front door: from outside server/auth/, this file is
 * the only one imported (docs/architecture.md, "Import rules").
 */

export { DEFAULT_SCRYPT_PARAMETERS, hashPassword, verifyPassword, type ScryptParameters } from "./password-hashing";
