import { HttpError, NetworkError } from "../lib/http";
import type { FieldErrors } from "./field-errors";

export interface FailureStrings {
  networkError: string;
  signedOut: string;
  unexpectedError: string;
}

/**
 * What to show for a failed call: the server's own `{ errors }` when it sent
 * them (field errors, a 429's wait, an expired form), otherwise a message
 * that says what to do. `__all__` holds form-wide messages.
 */
export function errorsFromFailure(error: unknown, strings: FailureStrings): FieldErrors {
  if (error instanceof HttpError) {
    const errors = (error.body as { errors?: unknown } | undefined)?.errors;
    if (isFieldErrors(errors)) return errors;
    if (error.status === 401) return { __all__: [strings.signedOut] };
    return { __all__: [strings.unexpectedError] };
  }
  if (error instanceof NetworkError) return { __all__: [strings.networkError] };
  return { __all__: [strings.unexpectedError] };
}

function isFieldErrors(value: unknown): value is FieldErrors {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const entries = Object.values(value);
  return entries.length > 0 && entries.every((messages) => Array.isArray(messages) && messages.every((message) => typeof message === "string"));
}
