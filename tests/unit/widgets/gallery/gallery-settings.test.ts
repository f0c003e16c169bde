import {
  kindSettings,
  lightboxDefaultStrings,
  lightboxSettings,
  pluginsFor,
  sharedLightboxSettings,
  thumbnailSettings,
} from "../../../../widgets/gallery/gallery-settings";

const page = { licenseKey: "1234-5678-901-2345", strings: lightboxDefaultStrings, labelledBy: "gallery-label", reducedMotion: false };

describe("lightbox settings", () => {
  it("fixes the spec's constants (section 9)", () => {
    expect(sharedLightboxSettings).toMatchObject({
      width: "90%",
      loop: true,
      preload: 2,
      speed: 400,
      backdropDuration: 300,
      hideBarsDelay: 10_000,
      numberOfSlideItemsInDom: 10,
      swipeThreshold: 50,
      videoMaxSize: "1280-720",
    });
    expect(thumbnailSettings).toEqual({ thumbnail: true, thumbWidth: 100, thumbHeight: "80px", thumbMargin: 5 });
  });

  it("turns download and counter off in the gallery, on for the video item", () => {
    expect(kindSettings("gallery")).toEqual({ download: false, counter: false, thumbnail: true });
    expect(kindSettings("video")).toEqual({ download: true, counter: true, thumbnail: false });
    expect(lightboxSettings("gallery", page)).toMatchObject({ download: false, counter: false, thumbnail: true, thumbWidth: 100 });
    expect(lightboxSettings("video", page)).toMatchObject({ download: true, counter: true, thumbnail: false });
    expect(lightboxSettings("video", page)).not.toHaveProperty("thumbWidth");
  });

  it("loads the thumbnail plugin only for the gallery", () => {
    expect(pluginsFor("gallery")).toEqual(["thumbnail", "video"]);
    expect(pluginsFor("video")).toEqual(["video"]);
  });

  it("has every control: close, previous / next, maximize (download and counter by kind), on phones too", () => {
    const settings = lightboxSettings("video", page);
    expect(settings.showMaximizeIcon).toBe(true);
    // lightGallery drops the arrows and close button on phones unless told otherwise.
    expect(settings.mobileSettings).toEqual({ controls: true, showCloseIcon: true, download: true });
    expect(lightboxSettings("gallery", page).mobileSettings.download).toBe(false);
  });

  it("passes the licence key, and falls back to lightGallery's evaluation key when there is none", () => {
    expect(lightboxSettings("gallery", page).licenseKey).toBe("1234-5678-901-2345");
    expect(lightboxSettings("gallery", { ...page, licenseKey: "  " }).licenseKey).toBe("0000-0000-000-0000");
  });

  it("uses the spec's error text by default and escapes every string lightGallery pastes into markup", () => {
    expect(lightboxDefaultStrings.mediaLoadingFailed).toBe("Oops... Failed to load content...");
    const settings = lightboxSettings("gallery", { ...page, strings: { ...lightboxDefaultStrings, closeGallery: 'Close "photos" <now>', toggleThumbnails: "A & B" } });
    expect(settings.strings.closeGallery).toBe("Close &quot;photos&quot; &lt;now&gt;");
    expect(settings.strings.mediaLoadingFailed).toBe("Oops... Failed to load content...");
    expect(settings.thumbnailPluginStrings).toEqual({ toggleThumbnails: "A &amp; B" });
    expect(settings.strings).not.toHaveProperty("toggleThumbnails");
  });

  it("starts the opened video playing, unless the visitor prefers reduced motion", () => {
    expect(lightboxSettings("video", page).autoplayFirstVideo).toBe(true);
    expect(lightboxSettings("video", { ...page, reducedMotion: true }).autoplayFirstVideo).toBe(false);
  });

  it("runs lightGallery in dynamic mode, labelled by the page's element, with our focus trap instead of its own", () => {
    expect(lightboxSettings("gallery", page)).toMatchObject({
      dynamic: true,
      trapFocus: false,
      ariaLabelledby: "gallery-label",
      addClass: "gallery-lightbox",
    });
  });
});
