import { WidgetConfigError } from "../../../../widgets/lib/options";
import { parseProfileDialog } from "../../../../widgets/profile-dialog/parse";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html.trim();
  return host.firstElementChild as HTMLElement;
}

const cover = `
  <div data-widget="profile-dialog" data-i18n-close-label="Close the profile">
    <a class="profile-cover__link" href="/people/priya-raman/">
      <span class="profile-cover__body">
        <span class="profile-cover__media"><img src="/priya.jpg" alt=""></span>
        <span class="profile-cover__name"> Priya Raman </span>
        <span class="profile-cover__role">Artistic Director</span>
      </span>
    </a>
    <div class="profile-cover__bio" hidden><p>Priya joined in <em>2019</em>.</p></div>
  </div>`;

describe("parseProfileDialog", () => {
  it("reads the link, the name, the role, the portrait, the bio nodes and the strings", () => {
    const root = rootFrom(cover);
    const emphasis = root.querySelector("em");
    const name = root.querySelector(".profile-cover__name");
    const props = parseProfileDialog(root);
    expect(props).toMatchObject({ href: "/people/priya-raman/", name: "Priya Raman", role: "Artistic Director", imageUrl: "/priya.jpg" });
    expect(props.strings).toEqual({ closeLabel: "Close the profile", fullProfileLabel: "Read the full profile" });
    expect(props.coverContent).toContain(root.querySelector(".profile-cover__media"));
    expect(props.coverContent).toContain(name);
    expect(props.bioContent[0]?.contains(emphasis)).toBe(true);
  });

  it("accepts a cover without a portrait or role, and a link without the body wrapper", () => {
    const props = parseProfileDialog(
      rootFrom('<div><a class="profile-cover__link" href="/people/sam/"><span class="profile-cover__name">Sam</span></a><div class="profile-cover__bio"></div></div>'),
    );
    expect(props).toMatchObject({ name: "Sam", role: "", imageUrl: null });
    expect(props.coverContent).toHaveLength(1);
  });

  it("rejects markup it cannot enhance, saying what is missing", () => {
    expect(() => parseProfileDialog(rootFrom("<div><p>Priya</p></div>"))).toThrow(WidgetConfigError);
    expect(() => parseProfileDialog(rootFrom("<div><p>Priya</p></div>"))).toThrow(/profile-cover__link" href/);
    expect(() =>
      parseProfileDialog(rootFrom('<div><a class="profile-cover__link" href="/p/"><img alt="" src="/p.jpg"></a><div class="profile-cover__bio"></div></div>')),
    ).toThrow(/profile-cover__name/);
    expect(() =>
      parseProfileDialog(rootFrom('<div><a class="profile-cover__link" href="/p/"><span class="profile-cover__name">P</span></a></div>')),
    ).toThrow(/profile-cover__bio/);
  });
});
