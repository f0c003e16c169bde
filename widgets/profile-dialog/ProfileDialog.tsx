import { useCallback, useRef, useState, type JSX, type MouseEvent } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import { ModalDialog } from "../lib/ModalDialog";
import { isPlainClick } from "../lib/plain-click";
import type { WidgetProps } from "../runtime/definition";
import type { ProfileDialogProps } from "./parse";
import { useElementId } from "../lib/useElementId";

/**
 * A profile cover whose link opens the person's bio in a modal dialog
 * (widgets/lib/ModalDialog.tsx). The bio is moved in once, so any widget
 * inside it keeps running.
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
  const idPrefix = useElementId("profile-dialog");
  const [open, setOpen] = useState(false);
  const linkRef = useRef<HTMLAnchorElement>(null);
  const close = useCallback(() => setOpen(false), []);

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
      <ModalDialog
        block="profile-dialog"
        open={open}
        onClose={close}
        labelledBy={`${idPrefix}-name`}
        closeLabel={strings.closeLabel}
        initialFocus="close-button"
        returnFocusTo={linkRef}
      >
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
      </ModalDialog>
    </>
  );
}
