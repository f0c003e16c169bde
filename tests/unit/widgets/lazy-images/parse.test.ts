import { parseLazyImages } from "../../../../widgets/lazy-images/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe("parseLazyImages", () => {
  it("takes every child of the container, lazy images anywhere inside", () => {
    const props = parseLazyImages(
      rootFrom('<div data-widget="lazy-images"><h2>Gallery</h2><figure><img class="lazyload" data-src="/a.svg" alt=""></figure></div>'),
    );
    expect(props.content.map((node) => (node as Element).localName)).toEqual(["h2", "figure"]);
  });

  it("needs at least one img.lazyload, and names the macro that makes one", () => {
    const root = rootFrom('<div data-widget="lazy-images"><img src="/a.svg" alt=""></div>');
    expect(() => parseLazyImages(root)).toThrow(WidgetConfigError);
    expect(() => parseLazyImages(root)).toThrow(/lazyImage macro/);
  });
});
