import { screen } from "@testing-library/react";
import LazyImages from "../../../widgets/lazy-images/LazyImages";
import { loadLazySizes } from "../../../widgets/lazy-images/load-lazysizes";
import { parseLazyImages } from "../../../widgets/lazy-images/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const poster = { src: "/static/images/demo/poster-04.svg", width: 1200, height: 800, alt: "A gold crown and a dagger beneath a blood-red moon" };

function containerMarkup(images: Record<string, unknown>[]): string {
  const figures = images.map((image) => `<figure>${renderMacro("lazy-image", "lazyImage", image)}</figure>`).join("");
  return `<div class="lazy-images" data-widget="lazy-images"><h2>Macbeth in pictures</h2>${figures}</div>`;
}

afterEach(() => document.body.replaceChildren());

describe("lazyImage macro markup", () => {
  it("keeps width and height, and holds a placeholder of the image's own shape until it loads", () => {
    insertMarkup(containerMarkup([poster]), "lazy-images");
    const image = screen.getByRole("img", { name: poster.alt });
    expect(image).toHaveClass("lazyload");
    expect(image).toHaveAttribute("data-src", poster.src);
    expect(image).toHaveAttribute("width", "1200");
    expect(image).toHaveAttribute("height", "800");
    expect(decodeURIComponent(image.getAttribute("src")!)).toContain("viewBox='0 0 1200 800'");
  });

  it("carries a real <img> in <noscript> for browsers without JavaScript", () => {
    const root = insertMarkup(containerMarkup([{ ...poster, srcset: "/static/images/demo/poster-04.svg 1200w", sizes: "auto" }]), "lazy-images");
    const fallback = root.querySelector("noscript")!.textContent!;
    expect(fallback).toContain(`src="${poster.src}"`);
    expect(fallback).toContain('srcset="/static/images/demo/poster-04.svg 1200w"');
    expect(fallback).toContain('width="1200" height="800"');
    expect(screen.getByRole("img", { name: poster.alt })).toHaveAttribute("data-sizes", "auto");
  });

  it("escapes the alt text and URLs", () => {
    insertMarkup(containerMarkup([{ ...poster, alt: '"><script>alert(1)</script>' }]), "lazy-images");
    expect(document.querySelector("script")).toBeNull();
    expect(screen.getByRole("img", { name: '"><script>alert(1)</script>' })).toBeInTheDocument();
  });

  it('hands a carousel image to Splide with loadedBy: "carousel" instead of lazysizes', () => {
    insertMarkup(containerMarkup([{ ...poster, loadedBy: "carousel" }]), "lazy-images");
    const image = screen.getByRole("img", { name: poster.alt });
    expect(image).not.toHaveClass("lazyload");
    expect(image).toHaveAttribute("data-splide-lazy", poster.src);
    expect(image).not.toHaveAttribute("data-src");
  });
});

describe("lazy-images widget", () => {
  it("moves the container's content back in, not copies, and keeps its order", () => {
    const root = insertMarkup(containerMarkup([poster, { ...poster, alt: "A second poster" }]), "lazy-images");
    const serverImage = screen.getByRole("img", { name: poster.alt });
    mountWidget(root, parseLazyImages, LazyImages);
    expect(screen.getByRole("img", { name: poster.alt })).toBe(serverImage);
    const content = root.querySelector(".lazy-images__content")!;
    expect(Array.from(content.children).map((child) => child.localName)).toEqual(["h2", "figure", "figure"]);
  });

  it("configures lazysizes before it loads: minimum size 40, throttle 125 ms, the page's own settings kept", async () => {
    window.lazySizesConfig = { expand: 600, minSize: 10 };
    const lazySizes = await loadLazySizes();
    // lazysizes keeps the very object it found on window when its module ran.
    expect(lazySizes.cfg).toBe(window.lazySizesConfig);
    expect(lazySizes.cfg).toMatchObject({ minSize: 40, throttleDelay: 125, expand: 600 });
    expect(await loadLazySizes()).toBe(lazySizes);
  });
});
