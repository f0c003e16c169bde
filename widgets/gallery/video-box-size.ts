import type { LightGallery } from "lightgallery/lightgallery";

/*
 * lightGallery sizes a video's box with an inline style attribute, written two
 * ways: inside the HTML string of the slide (`<div class="lg-video-cont"
 * style="width:…px; height:…px">`, inserted with insertAdjacentHTML), and
 * with setAttribute("style") when the window is resized. The site's CSP
 * (style-src 'self', no 'unsafe-inline') blocks both and logs a violation.
 * A style set through the CSSOM (element.style) is not markup, so the CSP
 * allows it: these hooks move exactly that computed size there. Any other
 * HTML (a caption from the CMS, say) goes through unchanged, so a style
 * attribute in content stays blocked.
 */

/** lightGallery's video (or iframe) box, as its templates open it, with the style attribute it writes. */
const styledVideoBox = /^(\s*<div class="lg-(?:video|media)-cont\b[^"]*")\s+style="([^"<>]*)"/;

const sizeAttribute = "data-lightbox-video-size";
const patched = Symbol("video box size through the CSSOM");

/** lightGallery's video box markup with its style attribute turned into an inert data attribute. */
export function videoBoxWithoutInlineStyle(html: string): string {
  return html.replace(styledVideoBox, `$1 ${sizeAttribute}="$2"`);
}

/** Sets each carried size through the CSSOM and drops the data attribute. */
function applyCarriedSizes(): void {
  for (const box of document.querySelectorAll<HTMLElement>(`[${sizeAttribute}]`)) {
    box.style.cssText = box.getAttribute(sizeAttribute) ?? "";
    box.removeAttribute(sizeAttribute);
  }
}

interface LgQueryPrototype {
  prepend(html: unknown): unknown;
  [patched]?: true;
}

/**
 * Installs both hooks for one lightGallery instance: its resize method on the
 * instance, and (once per page) the HTML insertion that every lightGallery
 * selection shares, which is only reachable through a selection's prototype.
 */
export function sizeVideoBoxesThroughCssom(gallery: LightGallery): void {
  const selection = Object.getPrototypeOf(gallery.outer) as LgQueryPrototype;
  if (!selection[patched]) {
    const prepend = selection.prepend;
    selection.prepend = function prependWithoutInlineStyle(this: unknown, html: unknown) {
      if (typeof html !== "string" || !styledVideoBox.test(html)) return prepend.call(this, html);
      const result = prepend.call(this, videoBoxWithoutInlineStyle(html));
      applyCarriedSizes();
      return result;
    };
    selection[patched] = true;
  }
  gallery.resizeVideoSlide = (index, imageSize) => {
    const box = gallery.getSlideItem(index).find(".lg-video-cont").get() as HTMLElement | undefined;
    if (box) box.style.cssText = gallery.getVideoContStyle(imageSize);
  };
}
