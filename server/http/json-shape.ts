import type { z } from "zod";
import { HttpError, nonFieldErrorsKey, type FieldErrors } from "./errors";

/*
 * A JSON body checked against its contract shape (contracts/shapes/, the
 * schema the widget's types come from) at the edge, before a service reads
 * it: a body that does not fit answers 400 `{success: false, errors}`, each
 * problem under the field it is about (its top-level name), or under
 * `__all__` when the body is not the object asked for.
 */
export function readShape<Schema extends z.ZodType>(schema: Schema, body: unknown, message: string): z.output<Schema> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : nonFieldErrorsKey;
    (errors[field] ??= []).push(field === nonFieldErrorsKey ? message : issue.message);
  }
  throw new HttpError(400, message, errors);
}
