import type { JSX } from "react";
import { REQUEST_MESSAGE_MAX_LENGTH } from "../../contracts/rules/pathways";
import { describedByOf, FieldIntro } from "./FieldIntro";

/** A request's message: a labelled textarea in the markup of templates/macros/form-fields.njk's textarea. */
export function MessageField({ id, label, hint, value, error, onChange }: { id: string; label: string; hint?: string; value: string; error?: string | null; onChange: (value: string) => void }): JSX.Element {
  const describedBy = describedByOf(id, hint, error);
  return (
    <div className={`form-group${error ? " form-group--error" : ""}`}>
      <FieldIntro id={id} label={label} hint={hint} error={error} />
      <textarea
        className="form-textarea"
        id={id}
        name="message"
        rows={4}
        maxLength={REQUEST_MESSAGE_MAX_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
      />
    </div>
  );
}
