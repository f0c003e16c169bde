/**
 * FullCalendar 6 adds its CSS from JavaScript: on import it looks for a
 * `style[data-fullcalendar]` element (creating a <style> if there is none) and
 * inserts rules into its `sheet`. Under a Content Security Policy that does
 * not allow inline styles (this site's, and many others') the browser gives a
 * <style> it created no sheet, and FullCalendar throws ("sheet is null",
 * fullcalendar/fullcalendar#7353).
 *
 * So before FullCalendar loads, this puts in place an element it finds by
 * that selector but which is not an HTML or SVG <style> (so CSP never checks
 * it and nothing renders it), whose `sheet` is a constructed style sheet
 * adopted by the document. Constructed sheets are built through the CSSOM,
 * which CSP does not restrict. Where a browser (or jsdom) lacks them,
 * FullCalendar's own way is left to run.
 */

const PLACEHOLDER_NAMESPACE = "urn:x-fullcalendar-styles";

export function prepareFullCalendarStyles(doc: Document = document): void {
  const view = doc.defaultView as (Window & typeof globalThis) | null;
  if (!view || !("adoptedStyleSheets" in doc) || !("replaceSync" in view.CSSStyleSheet.prototype)) return;
  if (doc.querySelector("style[data-fullcalendar]")) return;
  const sheet = withoutFontFaces(new view.CSSStyleSheet());
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet];
  const placeholder = doc.createElementNS(PLACEHOLDER_NAMESPACE, "style");
  placeholder.setAttribute("data-fullcalendar", "");
  Object.defineProperty(placeholder, "sheet", { value: sheet });
  doc.head.append(placeholder);
}

/**
 * FullCalendar's icon font is a data: URL, which a `font-src 'self'` policy
 * blocks (and reports). The calendar shows text buttons, so the font is left
 * out; later rules' positions are kept within the sheet.
 */
function withoutFontFaces(sheet: CSSStyleSheet): CSSStyleSheet {
  const insertRule = sheet.insertRule.bind(sheet);
  Object.defineProperty(sheet, "insertRule", {
    value: (rule: string, index = 0): number =>
      /^\s*@font-face\b/i.test(rule) ? sheet.cssRules.length : insertRule(rule, Math.min(index, sheet.cssRules.length)),
  });
  return sheet;
}
