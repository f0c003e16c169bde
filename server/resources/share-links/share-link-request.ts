import { z } from "zod";
import { RESOURCE_TYPES, type ResourceType } from "../../domain/resource-taxonomy";
import type { FieldProblems } from "../../domain/submitted-fields";
import type { ShareLinkType } from "../tables";

/*
 * The body of POST /resources/generate-shareable-link/, read at the edge. Pure, no I/O.
 * JSON (the share dialog): type "student" or "teacher"; resource_id a positive
 * integer or its decimal digits as text (a data-* attribute arrives as text);
 * resource_type one of the resource types. A plain form sends the same as text.
 */

export const SHARE_LINK_TYPES = ["student", "teacher"] as const satisfies readonly ShareLinkType[];

export interface ShareLinkRequest {
  type: ShareLinkType;
  resourceId: number;
  resourceType: ResourceType;
}

export type ShareLinkRequestResult = { ok: true; value: ShareLinkRequest } | { ok: false; errors: FieldProblems };

export const SHARE_LINK_FIELD_MESSAGES = {
  type: "Choose a link type: student or teacher.",
  resourceId: "Enter a whole number resource id.",
  resourceType: `Choose a resource type: ${RESOURCE_TYPES.join(", ")}.`,
} as const;

/** 2^31 − 1: ids are 32-bit integers on both engines (as save-request.ts). */
const largestId = 2_147_483_647;

const fields = {
  type: z.enum(SHARE_LINK_TYPES),
  resource_id: z
    .union([z.number().int().positive(), z.string().regex(/^[1-9]\d{0,9}$/).transform(Number)])
    .pipe(z.number().max(largestId)),
  resource_type: z.enum(RESOURCE_TYPES),
};

/** Reads a JSON body or a form post's fields (both arrive here as an object of values). */
export function readShareLinkRequest(body: unknown): ShareLinkRequestResult {
  const values = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const type = fields.type.safeParse(values.type);
  const id = fields.resource_id.safeParse(values.resource_id);
  const resourceType = fields.resource_type.safeParse(values.resource_type);
  if (type.success && id.success && resourceType.success) {
    return { ok: true, value: { type: type.data, resourceId: id.data, resourceType: resourceType.data } };
  }
  const errors: FieldProblems = {};
  if (!type.success) errors.type = [SHARE_LINK_FIELD_MESSAGES.type];
  if (!id.success) errors.resource_id = [SHARE_LINK_FIELD_MESSAGES.resourceId];
  if (!resourceType.success) errors.resource_type = [SHARE_LINK_FIELD_MESSAGES.resourceType];
  return { ok: false, errors };
}

/** A share token as we make them: 32 random bytes as base64url, 43 characters. Anything else cannot be one of ours. */
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;
