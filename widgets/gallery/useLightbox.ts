import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import lightGallery from "lightgallery";
import type { LightGallery } from "lightgallery/lightgallery";
import lgThumbnail from "lightgallery/plugins/thumbnail";
import lgVideo from "lightgallery/plugins/video";
import { createCaptionLoader } from "./caption-loader";
import {
  lightboxSettings,
  pluginsFor,
  sharedLightboxSettings,
  type GalleryKind,
  type LightboxPluginName,
  type LightboxStrings,
} from "./gallery-settings";
import { enhancePlayControl, labelPosterImage, restoreThumbnailAlts } from "./lightbox-accessibility";
import { captionMarkup, toLightGalleryItem } from "./lightgallery-items";
import type { GalleryItem } from "./parse-item";
import { sizeVideoBoxesThroughCssom } from "./video-box-size";

const pluginClasses: Record<LightboxPluginName, typeof lgThumbnail | typeof lgVideo> = {
  thumbnail: lgThumbnail,
  video: lgVideo,
};

export interface LightboxOptions {
  /** lightGallery fires its events on this element; the lightbox itself is appended to <body>. */
  eventTarget: RefObject<HTMLElement | null>;
  kind: GalleryKind;
  items: readonly GalleryItem[];
  licenseKey: string;
  strings: LightboxStrings;
  /** The id of the element that names the lightbox dialog. */
  labelId: string;
}

export interface Lightbox {
  /** Opens the lightbox at `index`; focus goes back to `opener` when it closes. */
  openAt(index: number, opener: HTMLElement): void;
  /** lightGallery's dialog element, once built (state, so the focus trap re-renders with it). */
  container: HTMLElement | null;
  /** The same element as a ref, for callbacks that must always see the current one. */
  dialog: RefObject<HTMLElement | null>;
  isOpen: boolean;
  /** The element that opened the lightbox, for focus to return to. */
  opener: RefObject<HTMLElement | null>;
}

type SlideEvent = CustomEvent<{ index: number }>;

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * One lightGallery instance for the widget's life, in dynamic mode (the items
 * come from parse(), so lightGallery never reads or changes the page's links).
 * Also wires what lightGallery leaves out: captions fetched per item, the
 * accessibility repairs, and the open / closed state the focus trap follows.
 */
export function useLightbox({ eventTarget, kind, items, licenseKey, strings, labelId }: LightboxOptions): Lightbox {
  const instance = useRef<LightGallery | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const dialogRef = useRef<HTMLElement | null>(null);
  const [container, setContainer] = useState<HTMLElement | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  useEffect(() => {
    const target = eventTarget.current;
    if (!target) return undefined;
    const gallery = lightGallery(target, {
      ...lightboxSettings(kind, { licenseKey, strings, labelledBy: labelId, reducedMotion: prefersReducedMotion() }),
      dynamicEl: items.map(toLightGalleryItem),
      plugins: pluginsFor(kind).map((name) => pluginClasses[name]),
    });
    instance.current = gallery;
    sizeVideoBoxesThroughCssom(gallery);
    const dialog = gallery.$container.get() as HTMLElement;
    // lightGallery 2 no longer applies its width setting; the stylesheet reads it from here.
    dialog.style.setProperty("--gallery-lightbox-width", sharedLightboxSettings.width);
    restoreThumbnailAlts(dialog, items.map((item) => item.alt));
    dialogRef.current = dialog;
    setContainer(dialog);

    const loadCaption = createCaptionLoader();
    const showFetchedCaption = (index: number, url: string): void => {
      void loadCaption(url).then((html) => {
        // The visitor may have moved on (or closed the lightbox) while it loaded.
        if (html === null || !gallery.lgOpened || gallery.index !== index) return;
        const caption = dialog.querySelector(".lg-sub-html");
        if (caption) caption.innerHTML = captionMarkup(html);
      });
    };
    const play = (): void => void target.dispatchEvent(new CustomEvent("lgPosterClick"));

    const listeners: Record<string, (event: Event) => void> = {
      // Before, not after, open: the trap then engages in the same task as the click, so an Escape that
      // follows at once still finds it and focus returns to the link (lgAfterOpen comes a timer later,
      // and could even arrive after that Escape had closed the lightbox).
      lgBeforeOpen: () => setIsOpen(true),
      lgBeforeClose: () => setIsOpen(false),
      // lightGallery ignores Next / Previous while a slide moves: say so, to assistive technology (and to tests, which wait for it).
      lgBeforeSlide: () => dialog.setAttribute("aria-busy", "true"),
      lgAfterSlide: () => dialog.removeAttribute("aria-busy"),
      lgAfterAppendSlide: (event) => {
        const { index } = (event as SlideEvent).detail;
        const slide = gallery.getSlideItem(index).get() as HTMLElement | null;
        if (!slide) return;
        enhancePlayControl(slide, strings.playVideo, play);
        labelPosterImage(slide, items[index]?.alt ?? "");
      },
      lgAfterAppendSubHtml: (event) => {
        const { index } = (event as SlideEvent).detail;
        const url = items[index]?.subHtmlUrl;
        if (url) showFetchedCaption(index, url);
      },
    };
    for (const [type, listener] of Object.entries(listeners)) target.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of Object.entries(listeners)) target.removeEventListener(type, listener);
      gallery.destroy();
      instance.current = null;
      dialogRef.current = null;
    };
  }, [eventTarget, kind, items, licenseKey, strings, labelId]);

  const openAt = useCallback((index: number, openedBy: HTMLElement) => {
    opener.current = openedBy;
    instance.current?.openGallery(index);
  }, []);

  return { openAt, container, dialog: dialogRef, isOpen, opener };
}
