import { captionMarkup, toLightGalleryItem } from "../../../../widgets/gallery/lightgallery-items";
import type { GalleryItem } from "../../../../widgets/gallery/parse-item";

const image: GalleryItem = {
  href: "/media/banquet.jpg",
  src: "/media/banquet.jpg?w=1600&q=80",
  thumb: "/media/thumb.jpg?w=200&q=60",
  alt: 'The "banquet" <scene>',
  subHtml: "<strong>The banquet</strong>",
  iframe: false,
  mediaNodes: [],
  captionNodes: [],
};

describe("toLightGalleryItem", () => {
  it("escapes what lightGallery concatenates into markup, and wraps the caption", () => {
    const item = toLightGalleryItem({ ...image, srcset: '/a.jpg 800w, /b.jpg"x 1600w', sizes: "90vw", poster: "/p.jpg?a=1&b=2" });
    expect(item.src).toBe("/media/banquet.jpg?w=1600&amp;q=80");
    expect(item.alt).toBe("The &quot;banquet&quot; &lt;scene&gt;");
    expect(item.srcset).toBe("/a.jpg 800w, /b.jpg&quot;x 1600w");
    expect(item.poster).toBe("/p.jpg?a=1&amp;b=2");
    expect(item.iframeTitle).toBe("The &quot;banquet&quot; &lt;scene&gt;");
    expect(item.subHtml).toBe('<div class="gallery__lightbox-caption"><strong>The banquet</strong></div>');
  });

  it("leaves what lightGallery sets through the DOM unescaped: the thumbnail and the download link", () => {
    const item = toLightGalleryItem({ ...image, downloadUrl: "/media/print.jpg?size=a3&dpi=300" });
    expect(item.thumb).toBe("/media/thumb.jpg?w=200&q=60");
    expect(item.downloadUrl).toBe("/media/print.jpg?size=a3&dpi=300");
  });

  it("downloads the image itself by default, the first video file for a video, and hides download when told", () => {
    expect(toLightGalleryItem(image).downloadUrl).toBe("/media/banquet.jpg?w=1600&q=80");
    const video = {
      ...image,
      src: undefined,
      video: { source: [{ src: "/media/trailer.webm", type: "video/webm" }], tracks: [] },
    };
    expect(toLightGalleryItem(video).downloadUrl).toBe("/media/trailer.webm");
    expect(toLightGalleryItem({ ...image, downloadUrl: false }).downloadUrl).toBe(false);
  });

  it("gives a video native controls, metadata-only preloading, escaped sources and only known track attributes", () => {
    const item = toLightGalleryItem({
      ...image,
      src: undefined,
      video: {
        source: [{ src: '/media/trailer.webm?x="1"', type: "video/webm" }],
        tracks: [{ src: "/media/en.vtt", kind: "captions", srclang: "en", label: "English & more", onerror: "alert(1)" }],
      },
    });
    expect(item.src).toBeUndefined();
    expect(item.video?.source).toEqual([{ src: "/media/trailer.webm?x=&quot;1&quot;", type: "video/webm" }]);
    expect(item.video?.tracks).toEqual([{ src: "/media/en.vtt", kind: "captions", srclang: "en", label: "English &amp; more" }]);
    expect(item.video?.attributes).toEqual({ preload: "metadata", controls: true });
  });
});

describe("captionMarkup", () => {
  it("is empty for an empty caption, so lightGallery marks the slide as having none", () => {
    expect(captionMarkup("  ")).toBe("");
  });

  it("wraps a caption, so one starting with # or . is never taken for a selector", () => {
    expect(captionMarkup("#MacbethLive")).toBe('<div class="gallery__lightbox-caption">#MacbethLive</div>');
  });
});
