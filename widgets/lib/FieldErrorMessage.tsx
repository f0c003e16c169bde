import type { JSX } from "react";

/**
 * A field's error message, as the server renders it (templates/macros/form-fields.njk):
 * a visually hidden "Error: " first, so a screen reader says what it is.
 * Nothing when there is no message. The field points at `id` with aria-describedby.
 */
export function FieldErrorMessage({
  id,
  message,
  prefix = "Error: ",
  className,
}: {
  id: string;
  message: string | null | undefined;
  prefix?: string;
  className?: string;
}): JSX.Element | null {
  if (!message) return null;
  return (
    <p className={className ? `form-error-message ${className}` : "form-error-message"} id={id}>
      <span className="visually-hidden">{prefix}</span>
      {message}
    </p>
  );
}
