import { parseHiddenActivities } from "../../../../widgets/hidden-activities/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe("parseHiddenActivities", () => {
  it("reads the block's id and nodes, with the spec's labels by default", () => {
    const props = parseHiddenActivities(
      rootFrom('<div data-widget="hidden-activities"><div class="hidden-activities__block" id="acts"><p>Workshop</p></div></div>'),
    );
    expect(props.regionId).toBe("acts");
    expect((props.regionContent[0] as Element).outerHTML).toBe("<p>Workshop</p>");
    expect(props.strings).toEqual({ showLabel: "Show all activities", hideLabel: "Hide activities" });
  });

  it("configures the disclosure: its own classes, a closed block, a button with no label around it", () => {
    const props = parseHiddenActivities(
      rootFrom('<div data-widget="hidden-activities"><div class="hidden-activities__block"></div></div>'),
    );
    expect(props).toMatchObject({ markup: { block: "hidden-activities", region: "block" }, labelTag: null, open: false });
  });

  it("takes label overrides and ignores blank ones", () => {
    const props = parseHiddenActivities(
      rootFrom(
        '<div data-widget="hidden-activities" data-i18n-show-label="Show the 8 workshops" data-i18n-hide-label=" ">' +
          '<div class="hidden-activities__block"></div></div>',
      ),
    );
    expect(props.strings).toEqual({ showLabel: "Show the 8 workshops", hideLabel: "Hide activities" });
    expect(props.regionId).toBeNull();
  });

  it("needs a block to hide, and says how to mark it up", () => {
    expect(() => parseHiddenActivities(rootFrom('<div data-widget="hidden-activities"><p>Oops</p></div>'))).toThrow(
      WidgetConfigError,
    );
    expect(() => parseHiddenActivities(rootFrom('<div data-widget="hidden-activities"></div>'))).toThrow(
      /<div class="hidden-activities__block">/,
    );
  });
});
