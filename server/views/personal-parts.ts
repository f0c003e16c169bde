import { randomBytes } from "node:crypto";
import nunjucks from "nunjucks";

/*
 * A member's page as its shared part, rendered once, and the member's own
 * parts, rendered into it on each request (issue 27; docs/performance.md,
 * "A member's page"). A template marks each personal part by calling the
 * `personalPart` global with the macro that renders it and that macro's
 * params:
 *
 *   {{ personalPart(personalParts, "tools", toolsPanel, tools) }}
 *
 * Rendered as usual (no `personalParts` in the context), that is the macro's
 * output, so every other page and viewer is unchanged. Rendered with a
 * PartSlots as `personalParts`, it is a marker instead, and the macro is
 * remembered: the page splits at its markers into the shared chunks, and a
 * member's answer is those chunks with each macro called on that member's
 * params in between. Nunjucks macros are plain functions, callable after
 * the render that defined them, so a part is rendered by the very macro the
 * template names.
 */

/** A personal part's macro: its params in, its markup out. */
export type PartMacro = (params: unknown) => unknown;

/** The markers are unguessable, so no content can forge one. */
const markerNonce = randomBytes(12).toString("hex");
const markerPattern = new RegExp(`<!--personal-part:${markerNonce}:(\\d+)-->`, "g");

/** Collects the personal parts of one render in the order they are met. */
export class PartSlots {
  readonly parts: { name: string; macro: PartMacro }[] = [];

  mark(name: string, macro: PartMacro): nunjucks.runtime.SafeString {
    this.parts.push({ name, macro });
    return new nunjucks.runtime.SafeString(`<!--personal-part:${markerNonce}:${this.parts.length - 1}-->`);
  }
}

/** The `personalPart` global: the macro's output, or, in a shared render, a marker standing in for it. */
export function personalPart(slots: unknown, name: string, macro: PartMacro, params: unknown): unknown {
  if (slots instanceof PartSlots) return slots.mark(name, macro);
  return macro(params);
}

/** A page split at its personal parts: `chunks.length === parts.length + 1`. */
export interface SharedPage {
  chunks: string[];
  parts: { name: string; macro: PartMacro }[];
}

/** Splits a shared render at its markers. A part the render did not reach is simply absent. */
export function splitAtParts(html: string, slots: PartSlots): SharedPage {
  const chunks: string[] = [];
  const parts: SharedPage["parts"] = [];
  let from = 0;
  for (const match of html.matchAll(markerPattern)) {
    chunks.push(html.slice(from, match.index));
    parts.push(slots.parts[Number(match[1])]!);
    from = match.index + match[0].length;
  }
  chunks.push(html.slice(from));
  return { chunks, parts };
}

/**
 * The params of each personal part of `page`, in order, from this viewer's
 * params by part name. A part with no params given is a fault: it would
 * otherwise show another member's markup, or nothing, where theirs belongs.
 */
export function paramsOfParts(page: SharedPage, params: Readonly<Record<string, unknown>>): unknown[] {
  return page.parts.map(({ name }) => {
    if (!(name in params)) throw new Error(`No params for the personal part "${name}"`);
    return params[name];
  });
}

/** A personal part rendered by its macro. */
export function renderPart(part: SharedPage["parts"][number], params: unknown): string {
  return String(part.macro(params) ?? "");
}
