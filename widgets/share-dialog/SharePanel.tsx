import { useLayoutEffect, useRef, useState, type JSX } from "react";
import { InlineConfirm } from "../lib/InlineConfirm";
import { useInlineConfirm } from "../lib/useInlineConfirm";
import { useOneCallAtATime } from "../lib/useOneCallAtATime";
import type { ShareDialogProps } from "./parse";
import { createLink, revokeLink, type LinkType, type ShareLink } from "./share-calls";

type Message = { tone: "status" | "alert"; text: string } | null;

export interface SharePanelProps extends Omit<ShareDialogProps, "resourceTitle" | "knownLinks"> {
  idPrefix: string;
  /** The links known now: the page's, or made or revoked since (kept by the dialog across openings). */
  links: Record<LinkType, ShareLink | null>;
  onLinkChange(type: LinkType, link: ShareLink | null): void;
}

/**
 * The dialog's body: who the link is for, then that type's link (readonly,
 * with Copy and Revoke) or a Create link button. A link the page or an
 * earlier call already knows is shown without a call.
 */
export function SharePanel({
  idPrefix,
  resourceId,
  resourceType,
  links,
  onLinkChange: setLink,
  generateEndpoint,
  revokeEndpoint,
  strings,
}: SharePanelProps): JSX.Element {
  const [type, setType] = useState<LinkType>("student");
  const { busy, run } = useOneCallAtATime<"create" | "revoke">();
  const [message, setMessage] = useState<Message>(null);
  const focusNext = useRef<"link" | "create" | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const revokeConfirm = useInlineConfirm();

  // After a create or a revoke the button pressed is gone: focus goes to what took its place, in the commit that removed it.
  useLayoutEffect(() => {
    if (focusNext.current === "link") linkRef.current?.focus();
    if (focusNext.current === "create") createRef.current?.focus();
    focusNext.current = null;
  });

  const create = () =>
    run("create", async () => {
      setMessage(null);
      try {
        setLink(type, await createLink({ endpoint: generateEndpoint, type, resourceId, resourceType }));
        focusNext.current = "link";
      } catch (error) {
        console.error("Creating the share link failed", error);
        setMessage({ tone: "alert", text: strings.createFailed });
      }
    });

  const revoke = (link: ShareLink) =>
    run("revoke", async () => {
      setMessage(null);
      try {
        await revokeLink(revokeEndpoint, link.token);
        setLink(type, null);
        focusNext.current = "create";
        setMessage({ tone: "status", text: strings.revoked });
      } catch (error) {
        console.error("Revoking the share link failed", error);
        setMessage({ tone: "alert", text: strings.revokeFailed });
      }
    });

  async function copy(link: string): Promise<void> {
    setMessage(null);
    try {
      if (!navigator.clipboard) throw new Error("This browser has no clipboard access");
      await navigator.clipboard.writeText(link);
      setMessage({ tone: "status", text: strings.copied });
    } catch (error) {
      console.error("Copying the share link failed", error);
      setMessage({ tone: "alert", text: strings.copyFailed });
      // Selected, so copying by hand is one keystroke away.
      linkRef.current?.select();
    }
  }

  const current = links[type];
  const linkId = `${idPrefix}-link`;
  const choices: { value: LinkType; label: string; hint: string }[] = [
    { value: "student", label: strings.student, hint: strings.studentHint },
    { value: "teacher", label: strings.teacher, hint: strings.teacherHint },
  ];
  return (
    <div className="share-dialog__body">
      <fieldset className="share-dialog__types">
        <legend className="form-label share-dialog__legend">{strings.typeLegend}</legend>
        {choices.map((choice) => (
          <div className="share-dialog__type" key={choice.value}>
            <input
              className="share-dialog__radio"
              type="radio"
              name={`${idPrefix}-type`}
              id={`${idPrefix}-${choice.value}`}
              value={choice.value}
              checked={type === choice.value}
              aria-describedby={`${idPrefix}-${choice.value}-hint`}
              onChange={() => {
                setType(choice.value);
                setMessage(null);
                revokeConfirm.dismiss();
              }}
            />
            <label className="share-dialog__type-label" htmlFor={`${idPrefix}-${choice.value}`}>
              {choice.label}
            </label>
            <p className="form-hint share-dialog__hint" id={`${idPrefix}-${choice.value}-hint`}>
              {choice.hint}
            </p>
          </div>
        ))}
      </fieldset>
      {current ? (
        <div className="share-dialog__link-group">
          <label className="form-label" htmlFor={linkId}>
            {type === "student" ? strings.studentLinkLabel : strings.teacherLinkLabel}
          </label>
          <input ref={linkRef} className="form-input share-dialog__link" id={linkId} type="text" readOnly value={current.link} onFocus={(event) => event.target.select()} />
          {revokeConfirm.confirming ? (
            <InlineConfirm
              block="share-dialog"
              question={strings.confirmRevoke}
              confirmLabel={strings.confirmRevokeYes}
              cancelLabel={strings.keepLink}
              {...revokeConfirm.answerProps(() => void revoke(current))}
            />
          ) : (
            <div className="share-dialog__actions">
              <button type="button" className="button share-dialog__copy" onClick={() => void copy(current.link)}>
                {strings.copy}
              </button>
              <button className="button button--secondary share-dialog__revoke" {...revokeConfirm.triggerProps({ busy: busy !== null, pending: busy === "revoke" })}>
                {strings.revoke}
              </button>
            </div>
          )}
        </div>
      ) : (
        <div className="share-dialog__actions">
          <button
            ref={createRef}
            type="button"
            className="button share-dialog__create"
            aria-disabled={busy !== null || undefined}
            aria-busy={busy === "create" || undefined}
            onClick={() => void create()}
          >
            {strings.create}
          </button>
        </div>
      )}
      <p className="share-dialog__status" role="status">
        {message?.tone === "status" ? message.text : ""}
      </p>
      <div className="share-dialog__alert" role="alert">
        {message?.tone === "alert" && <p className="share-dialog__alert-text">{message.text}</p>}
      </div>
    </div>
  );
}
