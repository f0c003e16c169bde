import { useCallback, useEffect, useId, useMemo, useRef, useState, type JSX, type MouseEvent } from "react";
import { createPortal } from "react-dom";
import { FocusTrap, type FocusTrapProps } from "focus-trap-react";
import { isPlainClick } from "../lib/plain-click";
import { AdoptedContent } from "../lib/AdoptedContent";
import type { WidgetProps } from "../runtime/definition";
import { lockPageScroll } from "../lib/page-scroll-lock";
import type { ProfileDialogProps } from "./parse";

/**
 * A profile cover whose link opens the person's bio in a WAI-ARIA APG modal
 * dialog. The dialog lives at the end of <body> (so no transformed ancestor,
 * a carousel slide say, can trap its fixed position) and stays mounted while
 * hidden, so the bio is moved in once and any widget inside it keeps running.
 */
export default function ProfileDialog({
  href,
  name,
  role,
  imageUrl,
  coverContent,
  bioContent,
  strings,
}: WidgetProps<ProfileDialogProps>): JSX.Element {
  const idPrefix = `profile-dialog-${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);

  // Shown: the page's scroll position is stored and the modal-open state applied; hidden: both undone.
  useEffect(() => (open ? lockPageScroll() : undefined), [open]);

  const focusTrapOptions = useMemo<NonNullable<FocusTrapProps["focusTrapOptions"]>>(
    () => ({
      initialFocus: () => closeRef.current ?? false,
      // The trap handles Escape and clicks on the backdrop; onDeactivate keeps our state in step.
      escapeDeactivates: true,
      clickOutsideDeactivates: true,
      onDeactivate: close,
      returnFocusOnDeactivate: true,
      setReturnFocus: () => linkRef.current ?? false,
      // The page is pinned while the dialog shows: focusing must not scroll it.
      preventScroll: true,
    }),
    [close],
  );

  function openFromLink(event: MouseEvent<HTMLAnchorElement>): void {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <a ref={linkRef} className="profile-cover__link" href={href} aria-haspopup="dialog" onClick={openFromLink}>
        <AdoptedContent as="span" className="profile-cover__body" nodes={coverContent} />
      </a>
      {createPortal(
        <div className="profile-dialog" hidden={!open}>
          <div className="profile-dialog__backdrop" />
          <FocusTrap active={open} focusTrapOptions={focusTrapOptions}>
            <div className="profile-dialog__panel" role="dialog" aria-modal="true" aria-labelledby={`${idPrefix}-name`}>
              <button ref={closeRef} type="button" className="profile-dialog__close" onClick={close}>
                <span className="profile-dialog__close-icon" aria-hidden="true" />
                {strings.closeLabel}
              </button>
              <div className="profile-dialog__header">
                {imageUrl && <img className="profile-dialog__image" src={imageUrl} alt="" />}
                <div>
                  <h2 id={`${idPrefix}-name`} className="profile-dialog__name">
                    {name}
                  </h2>
                  {role && <p className="profile-dialog__role">{role}</p>}
                </div>
              </div>
              <AdoptedContent as="div" className="profile-dialog__bio prose" nodes={bioContent} />
              <p className="profile-dialog__more">
                <a href={href}>
                  {strings.fullProfileLabel}
                  <span className="visually-hidden">: {name}</span>
                </a>
              </p>
            </div>
          </FocusTrap>
        </div>,
        document.body,
      )}
    </>
  );
}
