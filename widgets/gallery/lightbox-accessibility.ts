/**
 * Repairs to the markup lightGallery writes, where it falls short of WCAG:
 *
 * - its video "play" control is a <div> (mouse only) holding an SVG whose
 *   aria-labelledby names no element: we put a real, labelled <button> over
 *   it that works from the keyboard;
 * - the video poster <img> has no alt;
 * - its thumbnail strip gets the alt text we escaped for its slide markup,
 *   which would read out as "&amp;": the thumbnails get the plain text back.
 */

export const playButtonClass = "gallery-lightbox__play";

/**
 * Makes a slide's play control a keyboard-operable button. `play` must start
 * the video the way lightGallery's own poster click does. Once lightGallery
 * has put the <video> in, focus moves to it (its native controls take over),
 * since the play control is then hidden and focus would otherwise drop out of
 * the dialog.
 */
export function enhancePlayControl(slide: HTMLElement, label: string, play: () => void): void {
  const control = slide.querySelector<HTMLElement>(".lg-video-play-button");
  if (!control || control.querySelector(`.${playButtonClass}`)) return;
  for (const icon of control.querySelectorAll("svg")) {
    icon.removeAttribute("aria-labelledby");
    icon.removeAttribute("role");
    icon.setAttribute("aria-hidden", "true");
  }
  const button = slide.ownerDocument.createElement("button");
  button.type = "button";
  button.className = playButtonClass;
  button.setAttribute("aria-label", label);
  // A mouse click reaches lightGallery's own poster handler through the control; only keys need us.
  button.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" && event.key !== " ") return;
    event.preventDefault();
    play();
    focusVideo(slide);
  });
  control.append(button);
}

// Safari leaves a <video> with controls out of the tab order; tabindex puts it back in everywhere.
function focusVideo(slide: HTMLElement): void {
  const video = slide.querySelector<HTMLVideoElement>("video");
  if (!video) return;
  if (!video.hasAttribute("tabindex")) video.tabIndex = 0;
  video.focus();
}

/** The poster image says what the video is, as the item's link did. */
export function labelPosterImage(slide: HTMLElement, alt: string): void {
  const poster = slide.querySelector<HTMLImageElement>("img.lg-video-poster");
  if (poster) poster.alt = alt;
}

/** Gives each thumbnail its item's plain alt text (lightGallery's thumbnails follow the item order). */
export function restoreThumbnailAlts(container: HTMLElement, alts: readonly string[]): void {
  container.querySelectorAll<HTMLImageElement>(".lg-thumb-item img").forEach((image, index) => {
    image.alt = alts[index] ?? "";
  });
}
