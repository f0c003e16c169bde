import { prepareFullCalendarStyles } from "../../../../widgets/events-calendar/fullcalendar-styles";

/** A sheet that, like the CSSOM, refuses an insertion past its end. */
class FakeSheet {
  readonly cssRules: string[] = [];
  replaceSync(): void {}
  insertRule(rule: string, index = 0): number {
    if (index > this.cssRules.length) throw new RangeError("IndexSizeError");
    this.cssRules.splice(index, 0, rule);
    return index;
  }
}

/** A document whose window has constructed, adoptable style sheets, as browsers do (jsdom has not). */
function documentWithAdoptedSheets(): { doc: Document; sheets: () => FakeSheet[] } {
  const doc = document.implementation.createHTMLDocument("test");
  let adopted: FakeSheet[] = [];
  Object.defineProperty(doc, "defaultView", { value: { CSSStyleSheet: FakeSheet } });
  Object.defineProperty(doc, "adoptedStyleSheets", {
    get: () => adopted,
    set: (value: FakeSheet[]) => {
      adopted = value;
    },
  });
  return { doc, sheets: () => adopted };
}

describe("prepareFullCalendarStyles", () => {
  it("puts an element FullCalendar finds in place, whose sheet is an adopted constructed sheet", () => {
    const { doc, sheets } = documentWithAdoptedSheets();
    prepareFullCalendarStyles(doc);
    const placeholder = doc.querySelector("style[data-fullcalendar]") as (Element & { sheet: FakeSheet }) | null;
    expect(placeholder?.isConnected).toBe(true);
    // Not an HTML <style>: the browser never treats it as CSS, so a Content Security Policy never blocks it.
    expect(placeholder).not.toBeInstanceOf(HTMLStyleElement);
    expect(placeholder!.namespaceURI).not.toBe("http://www.w3.org/1999/xhtml");
    expect(sheets()).toHaveLength(1);
    expect(placeholder!.sheet).toBe(sheets()[0]);
  });

  it("leaves out FullCalendar's icon font and keeps later rules in order", () => {
    const { doc } = documentWithAdoptedSheets();
    prepareFullCalendarStyles(doc);
    const sheet = (doc.querySelector("style[data-fullcalendar]") as Element & { sheet: FakeSheet }).sheet;
    // FullCalendar inserts its rules at "rules so far + position in its text".
    ["a{color:red}", "@font-face{font-family:fcicons;src:url(data:x)}", ".fc-icon{font-family:fcicons}"].forEach((rule, index) =>
      sheet.insertRule(rule, index),
    );
    expect(sheet.cssRules).toEqual(["a{color:red}", ".fc-icon{font-family:fcicons}"]);
  });

  it("does nothing twice, or where constructed sheets are missing", () => {
    const { doc, sheets } = documentWithAdoptedSheets();
    prepareFullCalendarStyles(doc);
    prepareFullCalendarStyles(doc);
    expect(doc.querySelectorAll("style[data-fullcalendar]")).toHaveLength(1);
    expect(sheets()).toHaveLength(1);

    const plain = document.implementation.createHTMLDocument("jsdom");
    prepareFullCalendarStyles(plain);
    expect(plain.querySelector("style[data-fullcalendar]")).toBeNull();
  });
});
