import { useEffect, useMemo, useRef, useState, type FormEvent, type JSX } from "react";
import { AdoptedContent } from "../lib/AdoptedContent";
import { InlineConfirm } from "../lib/InlineConfirm";
import { useInlineConfirm } from "../lib/useInlineConfirm";
import { announceNoteChange } from "../lib/teacher-note-event";
import { useAdoptedField } from "../lib/useAdoptedField";
import { useOneCallAtATime } from "../lib/useOneCallAtATime";
import type { WidgetProps } from "../runtime/definition";
import type { NoteDraft } from "./draft-store";
import { deleteNote, fetchNote, noteEndpoints, saveNote, serverFieldError } from "./note-calls";
import { characterCount, normaliseNote, NOTE_MAX_LENGTH, noteProblem } from "./note-rules";
import type { TeacherNoteProps } from "./parse";
import { dayAndTime, timeOfDay } from "./time-text";
import { useDraft } from "./useDraft";
import { FieldErrorMessage } from "../lib/FieldErrorMessage";

type Status = { kind: "none" } | { kind: "saved"; at: Date } | { kind: "deleted" | "draftRestored" | "draftDiscarded" };
type Failure = "saveFailed" | "deleteFailed" | null;

/**
 * A member's note on one activity (spec: states empty or editing, saved,
 * deleted). On connect it fetches the saved note (a 404 is no note) and
 * offers back a draft this device kept that differs from it. Typing keeps a
 * draft; a confirmed save or delete forgets it; a failed save keeps it and
 * says so. The note is only ever a textarea value and text nodes.
 *
 * The textarea is the server's own element, adopted (never re-created), so
 * text typed before the widget mounted, the caret and focus survive the
 * takeover. React does not render it: its value and ARIA attributes are set
 * here, and its input events feed `text`.
 */
export default function TeacherNote({
  root,
  activityId,
  activityTitle,
  userKey,
  field,
  fieldId,
  initialText,
  typedBeforeMount,
  hasNote,
  serverError,
  endpointBase,
  strings,
}: WidgetProps<TeacherNoteProps>): JSX.Element {
  const endpoints = useMemo(() => noteEndpoints(endpointBase, activityId), [endpointBase, activityId]);
  const draft = useDraft(userKey, activityId);
  const [text, setText] = useState(initialText);
  // The note as the server holds it: null while unknown (the field shows a refused post's text).
  // defaultValue: what the server rendered, which is the saved note unless a refused post put its text there.
  const [saved, setSaved] = useState<string | null>(() => (serverError === null ? (hasNote ? field.defaultValue : "") : null));
  const [loaded, setLoaded] = useState(false);
  const [offer, setOffer] = useState<NoteDraft | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(serverError);
  const [status, setStatus] = useState<Status>({ kind: "none" });
  const [failure, setFailure] = useState<Failure>(null);
  const { busy, run } = useOneCallAtATime<"save" | "delete">();
  // Typing before the widget mounted counts as editing: the fetched note must not overwrite it.
  const edited = useRef(typedBeforeMount);
  const fieldRef = useRef<HTMLTextAreaElement>(field);
  const deleteConfirm = useInlineConfirm();

  useEffect(() => {
    const controller = new AbortController();
    fetchNote(endpoints, controller.signal)
      .then((content) => {
        setSaved(content);
        if (!edited.current) setText(content);
      })
      .catch((error: unknown) => {
        // Logged only (spec); the server's rendering stays.
        if (!controller.signal.aborted) console.error("Fetching the note failed", error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoaded(true);
      });
    return () => controller.abort();
  }, [endpoints]);

  // What was typed before the mount is an edit like any other: it is kept as a draft.
  useEffect(() => {
    if (typedBeforeMount) edit(field.value);
    // Once, at the takeover: later input reaches edit() through useAdoptedField.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Once the saved note is known: a kept draft unlike it is offered back; one equal to it is stale.
  useEffect(() => {
    if (!loaded) return;
    const kept = draft.read();
    if (!kept) return;
    const content = normaliseNote(kept.content);
    if (saved !== null && content === normaliseNote(saved)) draft.forget();
    else if (content !== normaliseNote(text)) setOffer(kept);
    // Only when loading settles: later edits are the person's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded]);

  function edit(value: string): void {
    edited.current = true;
    setText(value);
    setStatus({ kind: "none" });
    if (saved !== null && normaliseNote(value) === normaliseNote(saved)) draft.forget();
    else draft.keepLater(value);
  }

  function refuse(message: string): void {
    setFieldError(message);
    setStatus({ kind: "none" });
    fieldRef.current?.focus();
  }

  async function save(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    if (busy) return;
    const problem = noteProblem(text);
    if (problem) {
      refuse(strings[problem]);
      return;
    }
    await run("save", async () => {
      setFailure(null);
      setFieldError(null);
      try {
        const stored = await saveNote(endpoints, normaliseNote(text));
        draft.forget();
        // A first note: the tools panel's count goes up (lib/teacher-note-event.ts).
        if (saved === "" || (saved === null && !hasNote)) announceNoteChange(root, { activityId, hasNote: true });
        setSaved(stored.content);
        setOffer(null);
        setStatus({ kind: "saved", at: stored.updatedAt });
      } catch (error) {
        console.error("Saving the note failed", error);
        draft.keepNow(text);
        const message = serverFieldError(error);
        if (message) refuse(message);
        else setFailure("saveFailed");
      }
    });
  }

  const remove = () =>
    run("delete", async () => {
      setFailure(null);
      try {
        await deleteNote(endpoints);
        draft.forget();
        announceNoteChange(root, { activityId, hasNote: false });
        setSaved("");
        setText("");
        setOffer(null);
        setFieldError(null);
        setStatus({ kind: "deleted" });
        // The Delete button is gone: focus goes to the (now empty) field.
        fieldRef.current?.focus();
      } catch (error) {
        console.error("Deleting the note failed", error);
        setFailure("deleteFailed");
      }
    });

  function restore(kept: NoteDraft): void {
    edited.current = true;
    setText(kept.content);
    setOffer(null);
    setStatus({ kind: "draftRestored" });
    fieldRef.current?.focus();
  }

  function discard(): void {
    draft.forget();
    setOffer(null);
    setStatus({ kind: "draftDiscarded" });
    fieldRef.current?.focus();
  }

  const errorId = `${fieldId}-error`;
  const countId = `${fieldId}-count`;
  const named = strings.namedFor.replace("{title}", activityTitle);
  const showDelete = saved === null ? hasNote : saved !== "";
  const over = normaliseNote(text).length > NOTE_MAX_LENGTH;
  const describedBy = fieldError ? `${errorId} ${countId}` : countId;

  // Text the widget sets (a fetched note, a restored draft, a delete) goes into the field; typing is already there.
  const fieldNodes = useAdoptedField(field, {
    value: text,
    onInput: edit,
    attributes: { id: fieldId, "aria-describedby": describedBy, "aria-invalid": fieldError ? "true" : null },
  });

  return (
    <>
      <form className="teacher-note__form" noValidate onSubmit={(event) => void save(event)}>
        {offer && (
          <div className="teacher-note__draft">
            <p className="teacher-note__draft-text">{strings.draftFound.replace("{time}", dayAndTime(offer.savedAt))}</p>
            <div className="teacher-note__draft-actions">
              <button type="button" className="button button--secondary teacher-note__restore" onClick={() => restore(offer)}>
                {strings.restoreDraft}
              </button>
              <button type="button" className="button button--ghost teacher-note__discard" onClick={discard}>
                {strings.discardDraft}
              </button>
            </div>
          </div>
        )}
        <div className={`form-group teacher-note__group${fieldError ? " form-group--error" : ""}`}>
          <label className="form-label teacher-note__label" htmlFor={fieldId}>
            {strings.label.replace("{title}", activityTitle)}
          </label>
          <FieldErrorMessage id={errorId} message={fieldError} prefix={strings.errorPrefix} className="teacher-note__error" />
          <AdoptedContent nodes={fieldNodes} className="teacher-note__field-slot" />
          <p className={`teacher-note__count${over ? " teacher-note__count--over" : ""}`} id={countId}>
            {characterCount(text, strings.count)}
          </p>
        </div>
        <div className="teacher-note__actions">
          {/* aria-disabled, not disabled: a disabled button would drop keyboard focus mid-call. */}
          <button type="submit" className="button teacher-note__save" aria-disabled={busy !== null || undefined} aria-busy={busy === "save" || undefined}>
            {strings.save}
            <span className="visually-hidden">{named}</span>
          </button>
          {showDelete && deleteConfirm.confirming && (
            <InlineConfirm
              block="teacher-note"
              question={strings.confirmDelete}
              confirmLabel={strings.confirmDeleteYes}
              confirmNamedFor={named}
              cancelLabel={strings.keepNote}
              {...deleteConfirm.answerProps(() => void remove())}
            />
          )}
          {showDelete && !deleteConfirm.confirming && (
            <button className="button button--secondary teacher-note__delete" {...deleteConfirm.triggerProps({ busy: busy !== null, pending: busy === "delete" })}>
              {strings.delete}
              <span className="visually-hidden">{named}</span>
            </button>
          )}
        </div>
      </form>
      <p className="teacher-note__status" role="status">
        {statusText(status, strings)}
      </p>
      <div className="teacher-note__alert" role="alert">
        {failure && <p className="teacher-note__alert-text">{strings[failure]}</p>}
      </div>
      {/* Print only (static/css/utilities/print.css): the field's text as text. */}
      <div className="teacher-note__print">
        <p className="teacher-note__print-label">{strings.label.replace("{title}", activityTitle)}</p>
        <div className="teacher-note__print-text">{text}</div>
      </div>
    </>
  );
}

function statusText(status: Status, strings: TeacherNoteProps["strings"]): string {
  switch (status.kind) {
    case "none":
      return "";
    case "saved":
      return strings.saved.replace("{time}", timeOfDay(status.at));
    default:
      return strings[status.kind];
  }
}
