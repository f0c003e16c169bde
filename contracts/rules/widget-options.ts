/**
 * A widget's data-* settings, declared once as a schema both sides read: the
 * widget parses its root with readOptions (widgets/lib/options.ts) and the
 * server writes the same attributes with `dataAttributes`, so adding a
 * setting is one line in the schema.
 */

/** A number or string option whose default is null reads as null when its attribute is absent (an optional id, say). */
export type OptionSpec =
  | { type: "boolean"; default: boolean }
  | { type: "number"; default: number | null; min?: number; max?: number }
  | { type: "string"; default: string | null }
  | { type: "enum"; values: readonly string[]; default: string };

/** Keys are camelCase; each reads the attribute `data-<kebab-case key>`. */
export type OptionSchema = Record<string, OptionSpec>;

/** `null` joins the value's type only when the default is null. */
type OrNull<Value, Default> = null extends Default ? Value | null : Value;

type OptionValue<Spec extends OptionSpec> = Spec extends { type: "boolean" }
  ? boolean
  : Spec extends { type: "number"; default: infer Default }
    ? OrNull<number, Default>
    : Spec extends { type: "enum"; values: readonly (infer Value)[] }
      ? Value
      : Spec extends { default: infer Default }
        ? OrNull<string, Default>
        : string;

export type Options<Schema extends OptionSchema> = { [Key in keyof Schema]: OptionValue<Schema[Key]> };

/** What a page gives: any setting may be left out, and then its attribute is too (the widget reads the default). */
export type OptionValues<Schema extends OptionSchema> = { [Key in keyof Schema]?: Options<Schema>[Key] | undefined };

/** `perPage` -> `data-per-page`. */
export function dataAttributeName(key: string): string {
  return `data-${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/**
 * The schema's settings as data-* attributes, in the schema's order, then the
 * JSON ones (named in `jsonKeys`, written as JSON). A setting that is absent,
 * null, false, 0 or "" writes no attribute, as a template's `{% if %}` would.
 * The values are unescaped: the template escapes them.
 */
export function dataAttributes<Schema extends OptionSchema, JsonKey extends string>(
  schema: Schema,
  jsonKeys: readonly JsonKey[],
  values: OptionValues<Schema> & { [Key in JsonKey]?: unknown },
): Record<string, string> {
  const attributes: Record<string, string> = {};
  const settings = values as Record<string, unknown>;
  for (const key of Object.keys(schema)) {
    const value = settings[key];
    if (value) attributes[dataAttributeName(key)] = value === true ? "true" : String(value);
  }
  for (const key of jsonKeys) {
    const value = settings[key];
    if (value !== undefined && value !== null) attributes[dataAttributeName(key)] = JSON.stringify(value);
  }
  return attributes;
}
