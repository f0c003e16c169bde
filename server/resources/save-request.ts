import { z } from "zod";
import { RESOURCE_TYPES, type ResourceType } from "../domain/resource-taxonomy";
import type { FieldProblems } from "../domain/submitted-fields";

/*
 * The body of POST /account/save-resource/, read at the edge. Pure, no I/O.
 *
 * JSON (the Save widget): resource_id a positive integer, or its plain
 * decimal digits as a string ("42": a data-* attribute read by another
 * client arrives as text); resource_type one of the five types; to_save a
 * JSON boolean only (the string "false" would be truthy in most clients, so
 * it is refused rather than guessed at).
 *
 * A plain form post sends only text, so there to_save is "true" or "false".
 */

export interface SaveRequest {
  resourceId: number;
  resourceType: ResourceType;
  toSave: boolean;
}

export type SaveRequestResult = { ok: true; value: SaveRequest } | { ok: false; errors: FieldProblems };

export const SAVE_FIELD_MESSAGES = {
  resourceId: "Enter a whole number resource id.",
  resourceType: `Choose a resource type: ${RESOURCE_TYPES.join(", ")}.`,
  toSave: "Send to_save as true or false.",
} as const;

/** 2^31 − 1: ids are 32-bit integers on both engines, so anything larger cannot exist (and would overflow PostgreSQL's integer). */
const largestId = 2_147_483_647;

const positiveIdDigits = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number);
const idInRange = z.number().max(largestId);
const resourceType = z.enum(RESOURCE_TYPES);

/** One schema per field, so every wrong field is reported under its own name in one answer. */
const jsonFields = {
  resource_id: z.union([z.number().int().positive(), positiveIdDigits]).pipe(idInRange),
  resource_type: resourceType,
  to_save: z.boolean(),
};

const formFields = {
  resource_id: positiveIdDigits.pipe(idInRange),
  resource_type: resourceType,
  to_save: z.enum(["true", "false"]).transform((value) => value === "true"),
};

/** Reads a JSON body. */
export function readJsonSaveRequest(body: unknown): SaveRequestResult {
  return readFields(jsonFields, body);
}

/** Reads a plain form post's fields ("true" / "false" for to_save). */
export function readFormSaveRequest(body: unknown): SaveRequestResult {
  return readFields(formFields, body);
}

interface FieldSchemas {
  resource_id: z.ZodType<number, unknown>;
  resource_type: z.ZodType<ResourceType, unknown>;
  to_save: z.ZodType<boolean, unknown>;
}

function readFields(schemas: FieldSchemas, body: unknown): SaveRequestResult {
  const fields = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const id = schemas.resource_id.safeParse(fields.resource_id);
  const type = schemas.resource_type.safeParse(fields.resource_type);
  const toSave = schemas.to_save.safeParse(fields.to_save);
  if (id.success && type.success && toSave.success) {
    return { ok: true, value: { resourceId: id.data, resourceType: type.data, toSave: toSave.data } };
  }
  const errors: FieldProblems = {};
  if (!id.success) errors.resource_id = [SAVE_FIELD_MESSAGES.resourceId];
  if (!type.success) errors.resource_type = [SAVE_FIELD_MESSAGES.resourceType];
  if (!toSave.success) errors.to_save = [SAVE_FIELD_MESSAGES.toSave];
  return { ok: false, errors };
}
