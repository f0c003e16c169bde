import type { JSX } from "react";
import { FieldErrorMessage } from "../lib/FieldErrorMessage";

/** What a field's control is described by: its hint and error, by id (`<id>-hint`, `<id>-error`), or undefined. */
export function describedByOf(id: string, hint?: string, error?: string | null): string | undefined {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

/** A field's label, hint and error, in the markup of templates/macros/form-fields.njk's fieldIntro; the control follows. */
export function FieldIntro({ id, label, hint, error }: { id: string; label: string; hint?: string; error?: string | null }): JSX.Element {
  return (
    <>
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="form-hint" id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <FieldErrorMessage id={`${id}-error`} message={error} />
    </>
  );
}
