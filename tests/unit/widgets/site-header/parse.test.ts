import { parseSiteHeader } from "../../../../widgets/site-header/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe("parseSiteHeader", () => {
  it("reads the nav's id, name and content, with English labels by default", () => {
    const root = rootFrom(`
      <div data-widget="site-header">
        <button class="site-header__toggle">Menu</button>
        <nav class="site-header__nav" id="site-navigation" aria-label="Main"><ul><li><a href="/events/">What's on</a></li></ul></nav>
      </div>`);
    const list = root.querySelector("ul");
    const props = parseSiteHeader(root);
    expect(props).toMatchObject({ navId: "site-navigation", navLabel: "Main", strings: { menuLabel: "Menu", closeLabel: "Close" } });
    expect(props.navContent).toContain(list);
  });

  it("takes the labels from data-i18n-menu-label and data-i18n-close-label", () => {
    const root = rootFrom('<div data-i18n-menu-label="Dewislen" data-i18n-close-label="Cau"><nav></nav></div>');
    expect(parseSiteHeader(root)).toMatchObject({ navId: null, navLabel: "Main", strings: { menuLabel: "Dewislen", closeLabel: "Cau" } });
  });

  it("rejects a root without its nav, naming the element it needs", () => {
    const root = rootFrom('<div><ul><li><a href="/">Home</a></li></ul></div>');
    expect(() => parseSiteHeader(root)).toThrow(WidgetConfigError);
    expect(() => parseSiteHeader(root)).toThrow(/<nav class="site-header__nav"/);
  });
});
