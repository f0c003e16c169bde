import { parseAccountTabs } from "../../../../widgets/account-tabs/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootWith(html: string, attributes = ""): HTMLElement {
  document.body.innerHTML = `<div data-widget="account-tabs" ${attributes}>${html}</div>`;
  return document.body.firstElementChild as HTMLElement;
}

afterEach(() => document.body.replaceChildren());

describe("parseAccountTabs", () => {
  it("reads each section's id, heading and content, and the list's name", () => {
    const root = rootWith(
      `<nav class="account-tabs__contents" aria-label="My account sections"><ul><li><a href="#a">A</a></li></ul></nav>
       <section class="account-tabs__panel" id="a"><h2 class="account-tabs__heading">Profile</h2><p>One</p></section>
       <section class="account-tabs__panel" id="b"><h2 class="account-tabs__heading"> Contact us </h2></section>`,
      'data-initial-tab="b"',
    );
    const props = parseAccountTabs(root);
    expect(props.label).toBe("My account sections");
    expect(props.initialTab).toBe("b");
    expect(props.panels.map(({ id, label }) => ({ id, label }))).toEqual([
      { id: "a", label: "Profile" },
      { id: "b", label: "Contact us" },
    ]);
    expect(props.panels[0]?.content.map((node) => node.nodeName)).toEqual(["H2", "P"]);
  });

  it("defaults the name and the initial tab", () => {
    const props = parseAccountTabs(rootWith('<section class="account-tabs__panel" id="a"><h2 class="account-tabs__heading">A</h2></section>'));
    expect(props.label).toBe("Sections");
    expect(props.initialTab).toBeNull();
  });

  it("explains what is missing", () => {
    expect(() => parseAccountTabs(rootWith("<p>No sections</p>"))).toThrow(WidgetConfigError);
    expect(() => parseAccountTabs(rootWith('<section class="account-tabs__panel"><h2 class="account-tabs__heading">A</h2></section>'))).toThrow(
      /section 1 needs an id/,
    );
    expect(() => parseAccountTabs(rootWith('<section class="account-tabs__panel" id="a"><h3>A</h3></section>'))).toThrow(/account-tabs__heading/);
  });
});
