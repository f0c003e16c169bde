import { parseGallery } from "../../../../widgets/gallery/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html.trim();
  return host.firstElementChild as HTMLElement;
}

const video = JSON.stringify({ source: [{ src: "/media/trailer.webm", type: "video/webm" }], tracks: [{ src: "/media/trailer.vtt", kind: "captions", srclang: "en", label: "English" }] });

describe("parseGallery", () => {
  it("reads the root's kind, licence key, label and strings", () => {
    const props = parseGallery(
      rootFrom(`
      <div data-widget="gallery" data-kind="video" data-license-key=" ABCD-1234 " data-label="Macbeth trailer" data-i18n-play-video="Play the trailer">
        <ul class="gallery__list"><li class="gallery__item"><a class="gallery__link" href="/media/trailer.webm" data-video='${video}'><img src="/poster.jpg" alt="Trailer"></a></li></ul>
      </div>`),
    );
    expect(props).toMatchObject({ kind: "video", licenseKey: "ABCD-1234", label: "Macbeth trailer" });
    expect(props.strings.playVideo).toBe("Play the trailer");
    expect(props.strings.closeGallery).toBe("Close gallery");
  });

  it("defaults to a gallery named Gallery with no licence key", () => {
    const props = parseGallery(
      rootFrom('<div><ul class="gallery__list"><li class="gallery__item"><a class="gallery__link" href="/a.jpg"><img src="/a-thumb.jpg" alt="A"></a></li></ul></div>'),
    );
    expect(props).toMatchObject({ kind: "gallery", licenseKey: "", label: "Gallery" });
  });

  it("reads every spec field of an image item from the link, its image and its caption", () => {
    const root = rootFrom(`
      <div data-widget="gallery">
        <ul class="gallery__list">
          <li class="gallery__item"><figure>
            <a class="gallery__link" href="/media/banquet.jpg" data-srcset="/media/banquet-800.jpg 800w, /media/banquet.jpg 1600w"
               data-sizes="90vw" data-download-url="/media/banquet-print.jpg" data-sub-html-url="/captions/banquet.html">
              <span class="gallery__media"><img class="gallery__thumb" src="/media/banquet-thumb.jpg" alt=" The banquet "></span>
            </a>
            <figcaption class="gallery__caption"> The <em>banquet</em>, Act 3. </figcaption>
          </figure></li>
        </ul>
      </div>`);
    const thumbnail = root.querySelector("img");
    const emphasis = root.querySelector("em");
    const [item] = parseGallery(root).items;
    expect(item).toMatchObject({
      href: "/media/banquet.jpg",
      src: "/media/banquet.jpg",
      thumb: "/media/banquet-thumb.jpg",
      alt: "The banquet",
      subHtml: "The <em>banquet</em>, Act 3.",
      subHtmlUrl: "/captions/banquet.html",
      srcset: "/media/banquet-800.jpg 800w, /media/banquet.jpg 1600w",
      sizes: "90vw",
      downloadUrl: "/media/banquet-print.jpg",
      iframe: false,
    });
    expect(item?.mediaNodes).toContain(thumbnail);
    expect(item?.captionNodes).toContain(emphasis);
  });

  it("reads a video item: no src (lightGallery's HTML5 video), its sources, tracks and poster", () => {
    const [item] = parseGallery(
      rootFrom(`<div><ul class="gallery__list"><li class="gallery__item">
        <a class="gallery__link" href="/media/trailer.webm" data-video='${video}' data-poster="/media/poster.jpg" data-download-url="false" data-sub-html="&lt;b&gt;Trailer&lt;/b&gt;">
          <img src="/media/poster-thumb.jpg" alt="Trailer">
        </a></li></ul></div>`),
    ).items;
    expect(item?.src).toBeUndefined();
    expect(item?.poster).toBe("/media/poster.jpg");
    expect(item?.downloadUrl).toBe(false);
    expect(item?.subHtml).toBe("<b>Trailer</b>");
    expect(item?.video).toEqual({
      source: [{ src: "/media/trailer.webm", type: "video/webm" }],
      tracks: [{ src: "/media/trailer.vtt", kind: "captions", srclang: "en", label: "English" }],
    });
  });

  it("reads an iframe item and a data-src that differs from the link", () => {
    const [item] = parseGallery(
      rootFrom(`<div><ul class="gallery__list"><li class="gallery__item">
        <a class="gallery__link" href="/seating-plan/" data-src="/seating-plan/embed/" data-iframe data-iframe-title="Seating plan" data-thumb="/plan-thumb.png">
          <img src="/plan.png" alt="Main House seating plan">
        </a></li></ul></div>`),
    ).items;
    expect(item).toMatchObject({ href: "/seating-plan/", src: "/seating-plan/embed/", iframe: true, iframeTitle: "Seating plan", thumb: "/plan-thumb.png" });
  });

  it("rejects markup it cannot enhance, saying what to fix", () => {
    const withItem = (item: string) => rootFrom(`<div><ul class="gallery__list"><li class="gallery__item">${item}</li></ul></div>`);
    expect(() => parseGallery(rootFrom("<div><p>No list</p></div>"))).toThrow(WidgetConfigError);
    expect(() => parseGallery(rootFrom("<div><p>No list</p></div>"))).toThrow(/gallery__list/);
    expect(() => parseGallery(withItem('<img src="/a.jpg" alt="A">'))).toThrow(/gallery item 1 needs an <a class="gallery__link" href/);
    expect(() => parseGallery(withItem('<a class="gallery__link" href="/a.jpg"><img src="/a.jpg"></a>'))).toThrow(/needs an <img alt/);
    expect(() => parseGallery(withItem(`<a class="gallery__link" href="/a.webm" data-video="not json"><img src="/a.jpg" alt="A"></a>`))).toThrow(/data-video must be JSON/);
    expect(() => parseGallery(withItem(`<a class="gallery__link" href="/a.webm" data-video='{"source":[]}'><img src="/a.jpg" alt="A"></a>`))).toThrow(/"source" list/);
    expect(() =>
      parseGallery(withItem(`<a class="gallery__link" href="/a.webm" data-src="/b.webm" data-video='${video}'><img src="/a.jpg" alt="A"></a>`)),
    ).toThrow(/both data-video and data-src/);
    expect(() =>
      parseGallery(rootFrom('<div data-kind="slideshow"><ul class="gallery__list"><li class="gallery__item"><a class="gallery__link" href="/a.jpg"><img alt="A" src="/a.jpg"></a></li></ul></div>')),
    ).toThrow(/data-kind must be one of "gallery", "video"/);
  });
});
