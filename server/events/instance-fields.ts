/*
 * The instances API's `fields` parameter, in the Wagtail API convention:
 *
 *   (absent)           the default fields
 *   fields=a,b         the defaults plus a and b
 *   fields=-a          the defaults without a
 *   fields=*           every field
 *   fields=_,a,b       only a and b: a leading "_" drops the defaults
 *
 * Items keep the order of INSTANCE_FIELDS whatever order the fields were asked in.
 */

export const INSTANCE_FIELDS = [
  "id",
  "start_datetime",
  "end_datetime",
  "event_id",
  "event_title",
  "event_url",
  "venue",
  "access_type",
  "calendar_html",
] as const;
export type InstanceField = (typeof INSTANCE_FIELDS)[number];

/** What an item holds when `fields` is absent: enough to list instances without the prebuilt markup. */
export const DEFAULT_INSTANCE_FIELDS: readonly InstanceField[] = ["id", "start_datetime", "end_datetime", "event_title", "event_url"];

const DROP_DEFAULTS = "_";
const ALL_FIELDS = "*";

function isInstanceField(name: string): name is InstanceField {
  return (INSTANCE_FIELDS as readonly string[]).includes(name);
}

/** The chosen fields, or a message saying what was wrong with the parameter. */
export type FieldsResult = { ok: true; fields: InstanceField[] } | { ok: false; message: string };

export function parseInstanceFields(parameter: string | undefined): FieldsResult {
  if (parameter === undefined) return { ok: true, fields: [...DEFAULT_INSTANCE_FIELDS] };
  const names = parameter
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  const dropDefaults = names[0] === DROP_DEFAULTS;
  const chosen = new Set<InstanceField>(dropDefaults ? [] : DEFAULT_INSTANCE_FIELDS);
  for (const name of dropDefaults ? names.slice(1) : names) {
    if (name === DROP_DEFAULTS) {
      return { ok: false, message: 'Put "_" first in fields, for example fields=_,id,start_datetime, to leave out the default fields.' };
    }
    if (name === ALL_FIELDS) {
      for (const field of INSTANCE_FIELDS) chosen.add(field);
      continue;
    }
    const removing = name.startsWith("-");
    const field = removing ? name.slice(1) : name;
    if (!isInstanceField(field)) {
      return { ok: false, message: `There is no field called "${field}". Ask for any of: ${INSTANCE_FIELDS.join(", ")}.` };
    }
    if (removing) chosen.delete(field);
    else chosen.add(field);
  }
  return { ok: true, fields: INSTANCE_FIELDS.filter((field) => chosen.has(field)) };
}
