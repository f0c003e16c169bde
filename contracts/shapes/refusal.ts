import { z } from "zod";

/** The `errors` key for a message that belongs to no one field (Django's name, which the widgets also accept). */
export const NON_FIELD_ERRORS_KEY = "__all__";

/** `{ field: [messages] }`, the `errors` of every JSON refusal. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Every JSON refusal (4xx) the server answers: `{ success: false, errors }` (docs/architecture.md, "HTTP contract for widgets"). */
export const refusalSchema = z.object({ success: z.literal(false), errors: fieldErrorsSchema });
export type Refusal = z.infer<typeof refusalSchema>;
