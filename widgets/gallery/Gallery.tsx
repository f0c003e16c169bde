import { useMemo, useRef, type JSX, type MouseEvent } from "react";
import { FocusTrap, type FocusTrapProps } from "focus-trap-react";
import "lightgallery/css/lightgallery.css";
import "lightgallery/css/lg-thumbnail.css";
import "lightgallery/css/lg-video.css";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import type { GalleryProps } from "./parse";
import { isPlainClick } from "../lib/plain-click";
import { useElementId } from "../lib/useElementId";
import { useLightbox } from "./useLightbox";

/**
 * A photo / video gallery (data-kind="gallery") or a single video lightbox
 * item (data-kind="video"). The page's links stay links to the full file;
 * a plain click opens that item in the lightGallery lightbox, and focus
 * returns to the link when the lightbox closes.
 */
export default function Gallery({ kind, label, licenseKey, items, strings }: WidgetProps<GalleryProps>): JSX.Element {
  const labelId = `${useElementId("gallery")}-label`;
  const listRef = useRef<HTMLUListElement>(null);
  const lightbox = useLightbox({ eventTarget: listRef, kind, items, licenseKey, strings, labelId });
  const { container, dialog, opener } = lightbox;

  const containerElements = useMemo(() => (container ? [container] : []), [container]);
  // FocusTrap reads its options once, when it is created: everything here reads refs, never render-time values.
  const focusTrapOptions = useMemo<NonNullable<FocusTrapProps["focusTrapOptions"]>>(
    () => ({
      // The dialog itself first, so a screen reader announces its name, as lightGallery intends.
      initialFocus: () => dialog.current ?? false,
      fallbackFocus: () => dialog.current ?? document.body,
      // lightGallery handles Escape and closing; its close event turns the trap off.
      escapeDeactivates: false,
      clickOutsideDeactivates: false,
      allowOutsideClick: true,
      preventScroll: true,
      returnFocusOnDeactivate: true,
      setReturnFocus: () => opener.current ?? false,
    }),
    [dialog, opener],
  );

  function openFromLink(event: MouseEvent<HTMLAnchorElement>, index: number): void {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    lightbox.openAt(index, event.currentTarget);
  }

  return (
    <>
      {/* Names the lightbox dialog (lightGallery labels it by id). */}
      <span id={labelId} hidden>
        {label}
      </span>
      <ul ref={listRef} className="gallery__list" role="list" aria-label={label}>
        {items.map((item, index) => (
          // The items never change order or number, so the index is a stable key.
          <li key={index} className="gallery__item">
            <figure className="gallery__figure">
              <a className="gallery__link" href={item.href} aria-haspopup="dialog" onClick={(event) => openFromLink(event, index)}>
                <AdoptedContent as="span" className="gallery__media" nodes={item.mediaNodes} />
              </a>
              {item.captionNodes.length > 0 && (
                <AdoptedContent as="figcaption" className="gallery__caption" nodes={item.captionNodes} />
              )}
            </figure>
          </li>
        ))}
      </ul>
      <FocusTrap active={lightbox.isOpen && container !== null} containerElements={containerElements} focusTrapOptions={focusTrapOptions} />
    </>
  );
}
