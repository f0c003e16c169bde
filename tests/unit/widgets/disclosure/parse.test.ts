import { parseDisclosure } from "../../../../widgets/disclosure/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe("parseDisclosure", () => {
  it("reads the label, its element, the region and the open flag", () => {
    const root = rootFrom(`
      <div data-widget="disclosure" data-open>
        <h3 class="disclosure__label"> Access information </h3>
        <div class="disclosure__region" id="access-region"><p>Step-free</p></div>
      </div>`);
    const paragraph = root.querySelector("p");
    const props = parseDisclosure(root);
    expect(props).toMatchObject({ label: "Access information", labelTag: "h3", regionId: "access-region", open: true });
    expect(props.markup).toEqual({ block: "disclosure", region: "region" });
    expect(props.regionContent).toContain(paragraph);
    expect(props.strings).toEqual({ showLabel: "", hideLabel: "" });
  });

  it("defaults to closed, with a paragraph label", () => {
    const props = parseDisclosure(
      rootFrom('<div><span class="disclosure__label">More</span><div class="disclosure__region"></div></div>'),
    );
    expect(props).toMatchObject({ open: false, labelTag: "p", regionId: null });
  });

  it("reads show and hide labels, which can stand in for a missing label", () => {
    const props = parseDisclosure(
      rootFrom('<div data-i18n-show-label="Show notes" data-i18n-hide-label="Hide notes"><div class="disclosure__region"></div></div>'),
    );
    expect(props.strings).toEqual({ showLabel: "Show notes", hideLabel: "Hide notes" });
  });

  it("rejects markup without a region or without any label", () => {
    expect(() => parseDisclosure(rootFrom('<div><p class="disclosure__label">More</p></div>'))).toThrow(WidgetConfigError);
    expect(() => parseDisclosure(rootFrom('<div><p class="disclosure__label">More</p></div>'))).toThrow(/disclosure__region/);
    expect(() => parseDisclosure(rootFrom('<div><div class="disclosure__region"></div></div>'))).toThrow(/button label/);
    expect(() =>
      parseDisclosure(rootFrom('<div data-open="maybe"><p class="disclosure__label">More</p><div class="disclosure__region"></div></div>')),
    ).toThrow(/data-open/);
  });
});
