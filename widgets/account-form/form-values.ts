/**
 * The JSON body a form sends: every named, enabled field except the CSRF
 * field (the http client sends the token as a header) and fields marked
 * data-client-only (a confirm field, checked here but not part of the call).
 * data-json-type="number" sends a whole number as a number.
 */
export type JsonBody = Record<string, string | number>;

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const notSent = new Set(["submit", "button", "reset", "image", "file"]);

export function isField(element: Element): element is FieldElement {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

export function jsonBodyOf(form: HTMLFormElement): JsonBody {
  const body: JsonBody = {};
  for (const field of Array.from(form.elements).filter(isField)) {
    if (!field.name || field.disabled || field.name === "_csrf" || field.hasAttribute("data-client-only")) continue;
    if (notSent.has(field.type)) continue;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio") && !field.checked) continue;
    body[field.name] = field.getAttribute("data-json-type") === "number" && /^-?\d+$/.test(field.value.trim()) ? Number(field.value) : field.value;
  }
  return body;
}
