import { dataAttributeName } from "./options";

/**
 * A widget's visible strings: English defaults, each overridable by
 * `data-i18n-<kebab-case key>` on the root (closeLabel <- data-i18n-close-label).
 */
export function readI18n<Strings extends Record<string, string>>(root: HTMLElement, defaults: Strings): Strings {
  const strings: Record<string, string> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const override = root.getAttribute(dataAttributeName(`i18n-${key}`));
    if (override !== null && override.trim() !== "") strings[key] = override;
  }
  return strings as Strings;
}
