/**
 * The lightbox's settings, exactly as the spec fixes them (section 9), for
 * the two kinds of gallery root:
 *
 *   gallery  a photo (and video) gallery with a thumbnail strip; no download
 *            button and no counter
 *   video    a single video lightbox item; it has download and counter
 *
 * Pure data: the component adds the plugin classes (see pluginsFor) and the
 * per-page values (licence key, strings, the dialog's label).
 */
import { escapeHtml } from "../lib/escape-html";

export type GalleryKind = "gallery" | "video";
export const galleryKinds: readonly GalleryKind[] = ["gallery", "video"];

export type LightboxPluginName = "thumbnail" | "video";

/** lightGallery's own strings (core + thumbnail plugin), every one overridable with data-i18n-<key>. */
export type LightboxStrings = {
  closeGallery: string;
  toggleMaximize: string;
  previousSlide: string;
  nextSlide: string;
  download: string;
  playVideo: string;
  mediaLoadingFailed: string;
  toggleThumbnails: string;
};

export const lightboxDefaultStrings: LightboxStrings = {
  closeGallery: "Close gallery",
  toggleMaximize: "Toggle maximize",
  previousSlide: "Previous slide",
  nextSlide: "Next slide",
  download: "Download",
  playVideo: "Play video",
  // The spec's error text, shown inside the slide when its media fails to load.
  mediaLoadingFailed: "Oops... Failed to load content...",
  toggleThumbnails: "Toggle thumbnails",
};

/** The spec's thumbnail strip: 100 wide, 80px high, 5 apart (lightGallery takes the height as a CSS length). */
export const thumbnailSettings = {
  thumbnail: true,
  thumbWidth: 100,
  thumbHeight: "80px",
  thumbMargin: 5,
} as const;

/** The settings both kinds share. */
export const sharedLightboxSettings = {
  width: "90%",
  loop: true,
  preload: 2,
  speed: 400,
  backdropDuration: 300,
  // Bars show for the first 10 s after opening, then hide after 10 s without a pointer move.
  showBarsAfter: 10_000,
  hideBarsDelay: 10_000,
  numberOfSlideItemsInDom: 10,
  swipeThreshold: 50,
  videoMaxSize: "1280-720",
  showMaximizeIcon: true,
} as const;

export interface KindSettings {
  download: boolean;
  counter: boolean;
  thumbnail: boolean;
}

/** What differs between the kinds: the gallery turns download and counter off and has thumbnails. */
export function kindSettings(kind: GalleryKind): KindSettings {
  return kind === "gallery"
    ? { download: false, counter: false, thumbnail: true }
    : { download: true, counter: true, thumbnail: false };
}

export function pluginsFor(kind: GalleryKind): LightboxPluginName[] {
  return kindSettings(kind).thumbnail ? ["thumbnail", "video"] : ["video"];
}

export interface LightboxPageValues {
  /** From data-license-key; empty means lightGallery's evaluation key (docs/deploy.md). */
  licenseKey: string;
  /** As written; escaped here, because lightGallery pastes them into its markup as they are. */
  strings: LightboxStrings;
  /** The id of the element that names the lightbox dialog. */
  labelledBy: string;
  /** The visitor asks for reduced motion: a video then waits for Play instead of starting on its own. */
  reducedMotion: boolean;
}

/** On the lightbox's container and outer elements: the hook for static/css/components/gallery.css. */
export const lightboxClassName = "gallery-lightbox";

// lightGallery's own placeholder: it logs that the key is not for production use.
const evaluationLicenseKey = "0000-0000-000-0000";

/**
 * Every setting for one lightbox, minus the items and plugin classes.
 * lightGallery swaps in `mobileSettings` wholesale on phones and by default
 * drops the close and arrow buttons there; ours keeps every control.
 */
export function lightboxSettings(kind: GalleryKind, page: LightboxPageValues) {
  const { download, counter, thumbnail } = kindSettings(kind);
  const { toggleThumbnails, ...coreStrings } = escapeStrings(page.strings);
  return {
    ...sharedLightboxSettings,
    ...(thumbnail ? thumbnailSettings : { thumbnail: false }),
    download,
    counter,
    licenseKey: page.licenseKey.trim() || evaluationLicenseKey,
    strings: coreStrings,
    thumbnailPluginStrings: { toggleThumbnails },
    ariaLabelledby: page.labelledBy,
    // The video someone opened starts playing (lightGallery's default), unless they asked for less motion.
    autoplayFirstVideo: !page.reducedMotion,
    // Our items come from the page's markup through parse(), so lightGallery never reads the DOM itself.
    dynamic: true,
    // focus-trap-react traps focus instead: lightGallery's own trap only wraps between its first and
    // last button, so Shift+Tab from a playing video (or anything else in a slide) escaped the dialog.
    trapFocus: false,
    addClass: lightboxClassName,
    mobileSettings: { controls: true, showCloseIcon: true, download },
  };
}

function escapeStrings(strings: LightboxStrings): LightboxStrings {
  const escaped = { ...strings };
  for (const key of Object.keys(escaped) as (keyof LightboxStrings)[]) escaped[key] = escapeHtml(escaped[key]);
  return escaped;
}
