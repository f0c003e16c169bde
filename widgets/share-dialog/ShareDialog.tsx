import { useCallback, useRef, useState, type JSX } from "react";
import { ModalDialog } from "../lib/ModalDialog";
import { useElementId } from "../lib/useElementId";
import type { WidgetProps } from "../runtime/definition";
import type { ShareDialogProps } from "./parse";
import type { LinkType, ShareLink } from "./share-calls";
import { SharePanel } from "./SharePanel";

/**
 * The Share control: a button (in place of the share page's link) that opens
 * an APG modal dialog to create, copy and revoke this resource's links.
 * Focus starts on the first type choice, stays in the dialog, and goes back
 * to the button on close (Escape, the Close button, or a click outside).
 */
export default function ShareDialog({ resourceTitle, knownLinks, strings, ...panelProps }: WidgetProps<ShareDialogProps>): JSX.Element {
  const panelId = useElementId("share-dialog");
  const titleId = `${panelId}-title`;
  const [open, setOpen] = useState(false);
  // Each opening starts with no message from the last one.
  const [opening, setOpening] = useState(0);
  const openButtonRef = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  // Made or revoked in this page's life, kept across openings: a link is generated once, then reused.
  const [links, setLinks] = useState(knownLinks);
  const changeLink = useCallback((type: LinkType, link: ShareLink | null) => setLinks((current) => ({ ...current, [type]: link })), []);

  return (
    <>
      <button
        ref={openButtonRef}
        type="button"
        className="pill-button share-dialog-control__open"
        aria-haspopup="dialog"
        aria-controls={panelId}
        onClick={() => {
          setOpening((count) => count + 1);
          setOpen(true);
        }}
      >
        {strings.open}
        <span className="visually-hidden"> “{resourceTitle}”</span>
      </button>
      <ModalDialog
        block="share-dialog"
        open={open}
        onClose={close}
        labelledBy={titleId}
        panelId={panelId}
        closeLabel={strings.close}
        initialFocus="first-field"
        returnFocusTo={openButtonRef}
      >
        <h2 className="share-dialog__title" id={titleId}>
          {strings.title}
        </h2>
        <SharePanel key={opening} idPrefix={panelId} links={links} onLinkChange={changeLink} strings={strings} {...panelProps} />
      </ModalDialog>
    </>
  );
}
