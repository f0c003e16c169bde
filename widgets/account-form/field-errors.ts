import { isField } from "./form-values";

/** `{ field: [messages] }`, as the server answers. */
export type FieldErrors = Record<string, string[]>;

/** One line of the error summary: a link to its field, or plain text for a form-wide message. */
export interface SummaryItem {
  text: string;
  /** "#<field id>", or null when no field on the form matches. */
  href: string | null;
}

/**
 * Shows the server's per-field messages in the form's own markup, exactly as
 * templates/macros/form-fields.njk renders them (the group's error class, the
 * message line before the control, aria-invalid and aria-describedby), and
 * clears them from every other field. The markup is page content the widget
 * adopted, so this edits it in place.
 */
export function showFieldErrors(form: HTMLFormElement, errors: FieldErrors): void {
  for (const field of Array.from(form.elements).filter(isField)) {
    if (!field.name || field.type === "hidden" || !field.id) continue;
    const messages = errors[field.name] ?? [];
    const errorId = `${field.id}-error`;
    const group = field.closest(".form-group");
    group?.classList.toggle("form-group--error", messages.length > 0);
    form.querySelector(`#${CSS.escape(errorId)}`)?.remove();
    setDescribedBy(field, errorId, messages.length > 0);
    if (messages.length === 0) {
      field.removeAttribute("aria-invalid");
      continue;
    }
    field.setAttribute("aria-invalid", "true");
    field.before(errorLine(field.ownerDocument, errorId, messages));
  }
}

/** The summary's lines, each linked to its field when the form has one of that name. */
export function summaryItemsFor(form: HTMLFormElement, errors: FieldErrors): SummaryItem[] {
  return Object.entries(errors).flatMap(([name, messages]) => {
    const field = form.elements.namedItem(name);
    const id = field instanceof Element && field.id ? field.id : null;
    return messages.map((text) => ({ text, href: id ? `#${id}` : null }));
  });
}

function errorLine(doc: Document, id: string, messages: string[]): HTMLParagraphElement {
  const line = doc.createElement("p");
  line.className = "form-error-message";
  line.id = id;
  messages.forEach((message, index) => {
    if (index > 0) line.append(doc.createElement("br"));
    const prefix = doc.createElement("span");
    prefix.className = "visually-hidden";
    prefix.textContent = "Error: ";
    line.append(prefix, message);
  });
  return line;
}

function setDescribedBy(field: Element, id: string, present: boolean): void {
  const ids = (field.getAttribute("aria-describedby") ?? "").split(/\s+/).filter((token) => token !== "" && token !== id);
  if (present) ids.push(id);
  if (ids.length > 0) field.setAttribute("aria-describedby", ids.join(" "));
  else field.removeAttribute("aria-describedby");
}
