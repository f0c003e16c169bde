/** Messages per field name, per failed native check. */
export type FieldMessages = Record<string, Partial<Record<"valueMissing" | "typeMismatch" | "tooShort" | "patternMismatch", string>>>;

export interface InvalidField {
  field: HTMLInputElement;
  message: string;
}

/**
 * The first field of the form, in order, that fails its native checks
 * (required, type, minlength, pattern), with the message to show: ours when
 * we have one for that check, else the browser's own.
 */
export function firstInvalidField(form: HTMLFormElement, messages: FieldMessages): InvalidField | null {
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement) || element.type === "hidden" || element.disabled) continue;
    if (element.checkValidity()) continue;
    return { field: element, message: messageFor(element, messages[element.name] ?? {}) };
  }
  return null;
}

function messageFor(field: HTMLInputElement, messages: FieldMessages[string]): string {
  const { validity } = field;
  const reason = validity.valueMissing
    ? "valueMissing"
    : validity.typeMismatch
      ? "typeMismatch"
      : validity.tooShort
        ? "tooShort"
        : validity.patternMismatch
          ? "patternMismatch"
          : undefined;
  return (reason && messages[reason]) || field.validationMessage;
}
