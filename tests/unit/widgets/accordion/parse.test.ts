import { parseAccordion } from "../../../../widgets/accordion/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe("parseAccordion", () => {
  it("reads each section's heading level, ids, content nodes and open flag", () => {
    const root = rootFrom(`
      <div data-widget="accordion" data-single-open>
        <div class="accordion__section">
          <h4 class="accordion__heading"><span class="accordion__heading-text" id="h1">Cast <em>list</em></span></h4>
          <div class="accordion__panel" id="p1"><p>Lady Macbeth</p></div>
        </div>
        <div class="accordion__section" data-open>
          <h4>Running time</h4>
          <div class="accordion__panel">2 hours 40 minutes</div>
        </div>
      </div>`);
    const emphasis = root.querySelector("em");
    const { singleOpen, sections } = parseAccordion(root);
    expect(singleOpen).toBe(true);
    expect(sections).toHaveLength(2);
    expect(sections[0]).toMatchObject({ headingLevel: 4, headingId: "h1", panelId: "p1", open: false });
    expect(sections[0]?.headingContent).toContain(emphasis);
    expect(sections[1]).toMatchObject({ headingLevel: 4, headingId: null, panelId: null, open: true });
    expect(sections[1]?.headingContent.map((node) => node.textContent).join("")).toBe("Running time");
  });

  it("defaults to several open at once", () => {
    const root = rootFrom('<div><div class="accordion__section"><h3>A</h3><div class="accordion__panel">a</div></div></div>');
    expect(parseAccordion(root).singleOpen).toBe(false);
  });

  it("rejects markup it cannot enhance, saying what is missing", () => {
    expect(() => parseAccordion(rootFrom("<div><p>No sections</p></div>"))).toThrow(WidgetConfigError);
    expect(() => parseAccordion(rootFrom("<div><p>No sections</p></div>"))).toThrow(/accordion__section/);
    expect(() =>
      parseAccordion(rootFrom('<div><div class="accordion__section"><p>A</p><div class="accordion__panel"></div></div></div>')),
    ).toThrow(/section 1 needs a heading/);
    expect(() => parseAccordion(rootFrom('<div><div class="accordion__section"><h3>A</h3></div></div>'))).toThrow(
      /section 1 needs a direct child <div class="accordion__panel">/,
    );
    expect(() =>
      parseAccordion(
        rootFrom('<div data-single-open="yes"><div class="accordion__section"><h3>A</h3><div class="accordion__panel"></div></div></div>'),
      ),
    ).toThrow(/data-single-open/);
  });
});
