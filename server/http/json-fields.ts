import type { RequestHandler } from "express";
import { HttpError, nonFieldErrorsKey, type FieldErrors } from "./errors";

/*
 * The JSON types a write's fields must have, checked at the edge before any
 * feature reads them. The readers below (textField, rawText) read anything
 * that is not text as "", which for a form post is right (a repeated field is
 * simply not one value) but for JSON would turn a client's mistake into a
 * change nobody asked for: {"Prefix": [1]} would clear the title. So a JSON
 * body's wrong type answers 400, `{success: false, errors: {Field: [...]}}`,
 * naming every wrong field at once. Form posts carry only text and pass
 * straight through.
 */

/** What a field may be in a JSON body. Absent fields are always allowed: whether one is required is the feature's rule. */
export type JsonFieldType = "text" | "text or whole number";

const fieldTypes: Record<JsonFieldType, { accepts: (value: unknown) => boolean; described: string }> = {
  text: { accepts: (value) => typeof value === "string", described: "text (a JSON string)" },
  // Select values: a client may send the option's id as a number (Prefix: -1, the spec's default).
  "text or whole number": {
    accepts: (value) => typeof value === "string" || Number.isSafeInteger(value),
    described: "text or a whole number",
  },
};

export const NOT_AN_OBJECT_MESSAGE = "Send the fields as one JSON object, for example {\"email\": \"ada@example.com\"}.";

/** The JSON type of a value as a person would name it. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  if (typeof value === "number") return Number.isInteger(value) ? "a whole number" : "a fraction";
  if (typeof value === "boolean") return `${value}`;
  return typeof value;
}

/** The problems with a parsed JSON body, by field; empty when every listed field has its type. */
export function jsonFieldProblems(body: unknown, fields: Readonly<Record<string, JsonFieldType>>): FieldErrors {
  if (body === undefined) return {};
  if (body === null || typeof body !== "object" || Array.isArray(body)) return { [nonFieldErrorsKey]: [NOT_AN_OBJECT_MESSAGE] };
  const problems: FieldErrors = {};
  for (const [field, type] of Object.entries(fields)) {
    if (!Object.hasOwn(body, field)) continue;
    const value: unknown = (body as Record<string, unknown>)[field];
    const { accepts, described } = fieldTypes[type];
    if (!accepts(value)) problems[field] = [`Send ${field} as ${described}, not ${kindOf(value)}.`];
  }
  return problems;
}

/**
 * A route's edge check: for a JSON request, every listed field that is
 * present must have its type, or the request is answered 400 before the route runs.
 */
export function jsonFields(fields: Readonly<Record<string, JsonFieldType>>): RequestHandler {
  return (req, _res, next) => {
    if (!req.is("application/json")) return next();
    const problems = jsonFieldProblems(req.body, fields);
    if (Object.keys(problems).length === 0) return next();
    next(new HttpError(400, "Some fields were sent with the wrong type. Check them and try again.", problems));
  };
}
