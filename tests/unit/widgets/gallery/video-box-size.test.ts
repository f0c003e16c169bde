import { videoBoxWithoutInlineStyle } from "../../../../widgets/gallery/video-box-size";

describe("lightGallery's video box markup, without its inline style", () => {
  it("carries the size of a poster video box in a data attribute instead of a style attribute", () => {
    const html = '<div class="lg-video-cont lg-has-html5" style="width:1280px;\n                height:720px">\n  <div class="lg-video-play-button"></div>';
    expect(videoBoxWithoutInlineStyle(html)).toBe(
      '<div class="lg-video-cont lg-has-html5" data-lightbox-video-size="width:1280px;\n                height:720px">\n  <div class="lg-video-play-button"></div>',
    );
  });

  it("does the same for a video box with no poster and an iframe box", () => {
    expect(videoBoxWithoutInlineStyle('<div class="lg-video-cont " style=""></div>')).toBe('<div class="lg-video-cont " data-lightbox-video-size=""></div>');
    expect(videoBoxWithoutInlineStyle('<div class="lg-media-cont lg-has-iframe" style="width:100%"><iframe></iframe></div>')).not.toContain("style=");
  });

  it("leaves any other HTML alone, so a style attribute in a caption stays blocked by the CSP", () => {
    const caption = '<div class="lg-sub-html"><p style="color:red">A caption</p></div>';
    expect(videoBoxWithoutInlineStyle(caption)).toBe(caption);
    const nested = '<div class="lg-item"><div class="lg-video-cont" style="width:1px"></div></div>';
    expect(videoBoxWithoutInlineStyle(nested)).toBe(nested);
  });
});
