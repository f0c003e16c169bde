import { useLayoutEffect, useRef, useState, type FormEvent, type JSX } from "react";
import type { WidgetProps } from "../runtime/definition";
import type { SaveResourceProps } from "./parse";
import { sendSave } from "./save-call";

type Message = "signedOut" | "failed" | null;

/**
 * The Save toggle (spec sections 4, 5 and 8): a click sends the opposite of
 * the current flag, and only a confirmed success flips it. Signed out, it
 * explains instead and sends nothing. The markup and classes are the macro's
 * (templates/macros/save-resource.njk), so nothing moves when it mounts.
 */
export default function SaveResource({
  resourceId,
  resourceType,
  title,
  saved: startsSaved,
  signedIn,
  loginUrl,
  endpoint,
  strings,
  root,
}: WidgetProps<SaveResourceProps>): JSX.Element {
  const [saved, setSaved] = useState(startsSaved);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  // A ref as well as state: a second click in the same tick must not send a second call.
  const sending = useRef(false);

  // The root is the server's element, outside React: its modifier class and data-saved follow the flag.
  useLayoutEffect(() => {
    const shownSaved = signedIn && saved;
    root.classList.toggle("save-resource--saved", shownSaved);
    root.setAttribute("data-saved", String(shownSaved));
  }, [root, saved, signedIn]);

  async function toggle(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (sending.current) return;
    if (!signedIn) {
      setMessage("signedOut");
      return;
    }
    sending.current = true;
    setBusy(true);
    setMessage(null);
    try {
      await sendSave({ endpoint, resourceId, resourceType, toSave: !saved });
      setSaved(!saved);
    } catch (error) {
      console.error("Saving the resource failed", error);
      setMessage("failed");
    } finally {
      sending.current = false;
      setBusy(false);
    }
  }

  const pressed = signedIn ? saved : undefined;
  return (
    <>
      <form className="save-resource__form" onSubmit={(event) => void toggle(event)}>
        {/* aria-disabled, not disabled: a disabled button would drop keyboard focus mid-call. */}
        <button
          type="submit"
          className="pill-button save-resource__button"
          aria-pressed={pressed}
          aria-disabled={busy || undefined}
          aria-busy={busy || undefined}
        >
          <SaveIcon saved={signedIn && saved} />
          <span className="save-resource__label">{signedIn && saved ? strings.saved : strings.save}</span>
          <span className="visually-hidden"> “{title}”</span>
        </button>
      </form>
      <div className="save-resource__message" role="alert">
        {message === "signedOut" && (
          <p className="save-resource__message-text">
            {strings.signedOut} <a href={loginUrl}>{strings.signIn}</a>
          </p>
        )}
        {message === "failed" && <p className="save-resource__message-text">{strings.failed}</p>}
      </div>
    </>
  );
}

/** A bookmark outline, or filled with a tick: the state shows in shape as well as colour. */
function SaveIcon({ saved }: { saved: boolean }): JSX.Element {
  const shape = "M6 3h12v18l-6-4.5L6 21z";
  return (
    <svg className="save-resource__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        className="save-resource__icon-shape"
        fill={saved ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d={shape}
      />
      {saved && (
        <path
          className="save-resource__icon-mark"
          fill="none"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M9 9.5l2 2 4-4"
        />
      )}
    </svg>
  );
}
