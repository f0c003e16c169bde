import nunjucks from "nunjucks";
import type { CalendarEntry } from "../../../server/events/calendar-entry";
import { calendarEntryRenderer } from "../../../server/events/calendar-entry-renderer";
import { macroTemplates } from "../../support/macro-templates";

const entry: CalendarEntry = {
  id: 1,
  title: "Much Ado <About> Nothing",
  url: "/whats-on/much-ado/",
  startIso: "2026-07-04T19:30:00+01:00",
  endIso: "2026-07-04T22:00:00+01:00",
  startLabel: "7.30pm",
  endLabel: "10pm",
  venue: "Main House",
  accessType: "Captioned",
  availabilityLabel: null,
};

function views(): nunjucks.Environment {
  return macroTemplates();
}

describe("calendarEntryRenderer", () => {
  it("renders the partial, escaped, without surrounding whitespace", () => {
    const html = calendarEntryRenderer(views(), { remember: false })(entry);
    expect(html.startsWith('<div class="calendar-entry">')).toBe(true);
    expect(html.endsWith("</div>")).toBe(true);
    expect(html).toContain("Much Ado &lt;About&gt; Nothing");
  });

  it("remembers an entry's markup, and renders again when anything shown changes", () => {
    const environment = views();
    const render = vi.spyOn(environment, "render");
    const renderEntry = calendarEntryRenderer(environment, { remember: true });
    const first = renderEntry(entry);
    expect(renderEntry({ ...entry })).toBe(first);
    expect(render).toHaveBeenCalledTimes(1);
    expect(renderEntry({ ...entry, title: "Twelfth Night" })).toContain("Twelfth Night");
    expect(render).toHaveBeenCalledTimes(2);
  });

  it("renders every time when not remembering (templates being edited)", () => {
    const environment = views();
    const render = vi.spyOn(environment, "render");
    const renderEntry = calendarEntryRenderer(environment, { remember: false });
    renderEntry(entry);
    renderEntry(entry);
    expect(render).toHaveBeenCalledTimes(2);
  });
});
