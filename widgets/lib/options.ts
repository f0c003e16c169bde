/**
 * Schema-typed widget options read from the root's data-* attributes, in the
 * spirit of govuk-frontend's normaliseDataset: one place turns attribute
 * strings into typed values, so a widget's parse() never does it by hand.
 * The schema's types live in contracts/rules/widget-options.ts, so the server
 * writes the same attributes from the same schema.
 */

import { dataAttributeName, type OptionSchema, type Options, type OptionSpec } from "../../contracts/rules/widget-options";

/** Thrown by a widget's parse() on bad markup; the message names the attribute and the fix. */
export class WidgetConfigError extends Error {
  override name = "WidgetConfigError";
}

export type { OptionSchema, OptionSpec, Options } from "../../contracts/rules/widget-options";
export { dataAttributeName };

export function readOptions<Schema extends OptionSchema>(root: HTMLElement, schema: Schema): Options<Schema> {
  const options: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(schema)) {
    const attribute = dataAttributeName(key);
    const raw = root.getAttribute(attribute);
    options[key] = raw === null ? spec.default : parseOption(attribute, raw, spec);
  }
  return options as Options<Schema>;
}

function parseOption(attribute: string, raw: string, spec: OptionSpec): boolean | number | string {
  const value = raw.trim();
  switch (spec.type) {
    case "boolean":
      return parseBoolean(attribute, value);
    case "number":
      return parseNumber(attribute, value, spec);
    case "enum":
      return parseEnum(attribute, value, spec.values);
    case "string":
      return raw;
  }
}

// A bare attribute (`<div data-single-open>`) reads as "" and means true, like HTML boolean attributes.
function parseBoolean(attribute: string, value: string): boolean {
  if (value === "" || value === "true") return true;
  if (value === "false") return false;
  throw new WidgetConfigError(`${attribute} must be "true" or "false", got "${value}"`);
}

function parseNumber(attribute: string, value: string, spec: { min?: number; max?: number }): number {
  if (!/^-?\d+$/.test(value)) {
    throw new WidgetConfigError(`${attribute} must be a whole number, got "${value}"`);
  }
  const number = Number(value);
  if (spec.min !== undefined && number < spec.min) {
    throw new WidgetConfigError(`${attribute} must be at least ${spec.min}, got "${value}"`);
  }
  if (spec.max !== undefined && number > spec.max) {
    throw new WidgetConfigError(`${attribute} must be at most ${spec.max}, got "${value}"`);
  }
  return number;
}

function parseEnum(attribute: string, value: string, values: readonly string[]): string {
  if (values.includes(value)) return value;
  const allowed = values.map((allowedValue) => `"${allowedValue}"`).join(", ");
  throw new WidgetConfigError(`${attribute} must be one of ${allowed}, got "${value}"`);
}
