import { parseCarousel } from "../../../../widgets/carousel/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

const list = '<ul class="carousel__list" aria-label="Our partners"><li class="carousel__slide"><p>One</p></li><li class="carousel__slide">Two</li></ul>';

describe("parseCarousel", () => {
  it("reads the kind, label and each slide's nodes, with defaults for everything optional", () => {
    const props = parseCarousel(rootFrom(`<div data-widget="carousel">${list}</div>`));
    expect(props).toMatchObject({ kind: "default", perPage: null, autoplay: false, label: "Our partners" });
    expect(props.slides).toHaveLength(2);
    expect((props.slides[0]![0] as Element).outerHTML).toBe("<p>One</p>");
    expect(props.strings.nextLabel).toBe("Next slide");
  });

  it("reads data-kind, data-per-page and data-autoplay", () => {
    const props = parseCarousel(
      rootFrom(`<div data-widget="carousel" data-kind="logos" data-per-page="4" data-autoplay>${list}</div>`),
    );
    expect(props).toMatchObject({ kind: "logos", perPage: 4, autoplay: true });
  });

  it.each([
    ['data-kind="gallery"', 'data-kind must be one of "default", "logos", "compact-events"'],
    ['data-per-page="0"', "data-per-page must be at least 1"],
    ['data-per-page="two"', "data-per-page must be a whole number"],
  ])("rejects %s, naming the attribute", (attribute, message) => {
    expect(() => parseCarousel(rootFrom(`<div data-widget="carousel" ${attribute}>${list}</div>`))).toThrow(message);
  });

  it("needs a labelled list with at least one slide, and says how to fix it", () => {
    expect(() => parseCarousel(rootFrom('<div data-widget="carousel"></div>'))).toThrow(WidgetConfigError);
    expect(() =>
      parseCarousel(rootFrom('<div data-widget="carousel"><ul class="carousel__list"><li class="carousel__slide">A</li></ul></div>')),
    ).toThrow(/aria-label on its <ul class="carousel__list">/);
    expect(() =>
      parseCarousel(rootFrom('<div data-widget="carousel"><ul class="carousel__list" aria-label="Empty"></ul></div>')),
    ).toThrow(/at least one <li class="carousel__slide">/);
  });
});
