import { useEffect, useLayoutEffect, useMemo, useRef } from "react";

type Field = HTMLInputElement | HTMLTextAreaElement;

export interface AdoptedFieldBinding {
  /** The value the widget holds; written into the field only when it differs, so typing keeps its caret. */
  value: string;
  /** The person's edits: the field's own input events. */
  onInput(value: string): void;
  /** Attributes the widget keeps on the field (ids, ARIA, type); null removes one. */
  attributes: Record<string, string | null>;
}

/**
 * Binds a server-rendered field that the widget adopts (hand the returned
 * nodes to AdoptedContent) instead of rendering its own: the element stays
 * the same, so what was typed before the widget mounted, the caret and focus
 * survive the takeover. React never renders the field; this hook keeps it in
 * step with the widget's state.
 */
export function useAdoptedField(field: Field, { value, onInput, attributes }: AdoptedFieldBinding): readonly Node[] {
  // Read through a ref, so the listener stays put while the handler changes each render.
  const onInputLatest = useRef(onInput);
  onInputLatest.current = onInput;
  useEffect(() => {
    const listener = () => onInputLatest.current(field.value);
    field.addEventListener("input", listener);
    return () => field.removeEventListener("input", listener);
  }, [field]);

  useLayoutEffect(() => {
    if (field.value !== value) field.value = value;
  }, [field, value]);

  const attributesKey = JSON.stringify(attributes);
  useLayoutEffect(() => {
    for (const [name, attribute] of Object.entries(JSON.parse(attributesKey) as Record<string, string | null>)) {
      if (attribute === null) field.removeAttribute(name);
      else if (field.getAttribute(name) !== attribute) field.setAttribute(name, attribute);
    }
  }, [field, attributesKey]);

  return useMemo(() => [field], [field]);
}
