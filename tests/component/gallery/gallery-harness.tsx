/**
 * Mounts the gallery widget from the real macro's markup, as the runtime
 * would, and gives the lightbox what jsdom lacks. lightGallery appends its
 * dialog to <body>, outside the widget's root, so it is found from there.
 */
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import Gallery from "../../../widgets/gallery/Gallery";
import { parseGallery } from "../../../widgets/gallery/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

export const photos = [
  { src: "/media/witches.jpg", thumb: "/media/witches-thumb.jpg", alt: "The three witches on the heath", caption: "Act 1 Scene 3." },
  { src: "/media/banquet.jpg", thumb: "/media/banquet-thumb.jpg", alt: "The banquet table", subHtml: "<strong>The banquet</strong>, Act 3." },
  { src: "/media/crown.jpg", thumb: "/media/crown-thumb.jpg", alt: "The crown on a bare stage" },
];

export const trailer = {
  video: { source: [{ src: "/media/trailer.webm", type: "video/webm" }] },
  poster: "/media/trailer-poster.jpg",
  thumb: "/media/trailer-poster.jpg",
  alt: "Play the Macbeth trailer",
};

export function mountGallery(params: Record<string, unknown> = {}) {
  const markup = renderMacro("gallery", "gallery", { id: "photos", label: "Macbeth photographs", licenseKey: "TEST-KEY", items: photos, ...params });
  const mounted = mountWidget(insertMarkup(markup, "gallery"), parseGallery, Gallery);
  // lightGallery ignores Next / Previous while a slide is moving; it fires lgAfterSlide (on the list) once one has arrived.
  let settledSlides = 0;
  mounted.root.querySelector("ul")?.addEventListener("lgAfterSlide", () => (settledSlides += 1));
  const waitForSettledSlides = (count: number) => waitFor(() => expect(settledSlides).toBeGreaterThanOrEqual(count));
  return { ...mounted, waitForSettledSlides };
}

/** lightGallery's dialog element (there is one per gallery, hidden until opened). */
export function lightboxDialog(): HTMLElement {
  const dialog = document.querySelector<HTMLElement>(".lg-container");
  if (!dialog) throw new Error("lightGallery has not built its dialog");
  return dialog;
}

export async function waitForOpenLightbox(): Promise<HTMLElement> {
  const dialog = lightboxDialog();
  await waitFor(() => expect(dialog).toHaveClass("lg-show"));
  // Open once focus is inside (the focus trap starts on lgAfterOpen, a tick after opening).
  await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
  return dialog;
}

export function currentSlide(): HTMLElement {
  const slide = lightboxDialog().querySelector<HTMLElement>(".lg-item.lg-current");
  if (!slide) throw new Error("no current slide");
  return slide;
}

export const thumbnailLink = (name: string) => screen.getByRole("link", { name });

/**
 * lightGallery listens for Escape by keyCode (27), which user-event does not
 * set; browsers do.
 */
export function pressEscape(): void {
  fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape", code: "Escape", keyCode: 27 });
}

/**
 * Unmounts the widget first (lightGallery removes its dialog from <body>,
 * after its closing animation when it was open), then clears the page.
 */
/**
 * lightGallery starts timers that destroy() never clears (showBarsAfter runs
 * 10 s after each opening). One still pending when the test file ends fires
 * after jsdom has gone and fails the run with "window is not defined", so
 * the file keeps every timer started while it runs and clears what is left
 * at the end. Call once at the top of a test file.
 */
export function clearLeftoverTimersAfterAll(): void {
  const realSetTimeout = globalThis.setTimeout;
  const started = new Set<ReturnType<typeof setTimeout>>();
  beforeAll(() => {
    globalThis.setTimeout = ((handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
      const id = realSetTimeout(
        (...callArgs: unknown[]) => {
          started.delete(id);
          handler(...callArgs);
        },
        delay,
        ...args,
      );
      started.add(id);
      return id;
    }) as typeof setTimeout;
  });
  afterAll(() => {
    globalThis.setTimeout = realSetTimeout;
    for (const id of started) clearTimeout(id);
    started.clear();
  });
}

export async function cleanUpGallery(): Promise<void> {
  const wasOpen = document.querySelector(".lg-container.lg-show") !== null;
  cleanup();
  if (wasOpen) await waitFor(() => expect(document.querySelector(".lg-container")).toBeNull());
  document.body.replaceChildren();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
}
