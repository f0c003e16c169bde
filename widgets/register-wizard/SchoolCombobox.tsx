import { useEffect, useState, type JSX, type KeyboardEvent, type Ref } from "react";
import { useKeyboardRoom } from "./use-keyboard-room";
import { HighlightedName } from "./HighlightedName";
import { SCHOOL_SEARCH_MAX_LENGTH } from "../../contracts/rules/schools";
import type { SchoolHit } from "../../contracts/shapes/schools";
import { addressLine } from "./school-hits";
import { SchoolSearcher } from "./school-searcher";
import { SupportAdvice } from "./SupportAdvice";
import type { RegisterWizardStrings } from "./strings";
import { FieldErrorMessage } from "../lib/FieldErrorMessage";

interface SchoolComboboxProps {
  id: string;
  /** The text it starts with (the chosen school's name, coming back to the screen). */
  initialText: string;
  /** A chosen hit: the text shows its name. */
  onChoose: (hit: SchoolHit) => void;
  /** The text changed by hand: any earlier choice no longer applies. */
  onTyped: () => void;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  supportEmail: string;
  strings: RegisterWizardStrings;
}

type Outcome = "none" | "found" | "not-found" | "failed";

interface ListState {
  hits: SchoolHit[];
  open: boolean;
  /** -1: no option active, focus is in the text only. */
  active: number;
  outcome: Outcome;
}

const closedList: ListState = { hits: [], open: false, active: -1, outcome: "none" };

/**
 * The school search as a WAI-ARIA APG combobox (list autocomplete, manual
 * selection): Down / Up move the active option (wrapping, opening a closed
 * list), Enter chooses it, Escape closes the list and a second Escape clears
 * the text. Focus stays in the input; the active option is named by
 * aria-activedescendant, and a polite status says how many schools matched.
 */
export function SchoolCombobox({ id, initialText, onChoose, onTyped, error, inputRef, supportEmail, strings }: SchoolComboboxProps): JSX.Element {
  const [text, setText] = useState(initialText);
  const [list, setList] = useState<ListState>(closedList);
  const [searcher] = useState(
    () =>
      new SchoolSearcher({
        answered: (hits) => setList({ hits, open: hits.length > 0, active: -1, outcome: hits.length > 0 ? "found" : "not-found" }),
        cleared: () => setList(closedList),
        failed: () => setList({ ...closedList, outcome: "failed" }),
      }),
  );
  useEffect(() => () => searcher.cancel(), [searcher]);
  const keyboardRoom = useKeyboardRoom<HTMLInputElement>();

  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const activeHit = list.open ? list.hits[list.active] : undefined;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : "", list.outcome === "not-found" ? `${id}-advice` : ""].filter(Boolean).join(" ");

  useEffect(() => {
    // Keep the active option in view when the list scrolls (a long list on a short screen).
    if (list.active >= 0) document.getElementById(`${id}-option-${list.active}`)?.scrollIntoView?.({ block: "nearest" });
  }, [id, list.active]);

  function choose(hit: SchoolHit) {
    searcher.cancel();
    setText(hit.name);
    setList((current) => ({ ...current, open: false, active: -1 }));
    onChoose(hit);
  }

  function move(step: 1 | -1) {
    setList((current) => {
      const count = current.hits.length;
      if (count === 0) return current;
      if (!current.open) return { ...current, open: true, active: step === 1 ? 0 : count - 1 };
      const from = current.active === -1 && step === -1 ? count : current.active;
      return { ...current, active: (from + step + count) % count };
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (list.hits.length === 0) return;
      event.preventDefault();
      move(event.key === "ArrowDown" ? 1 : -1);
    } else if (event.key === "Enter") {
      // Enter chooses the active school; with the list open it never submits the screen by surprise.
      if (activeHit) choose(activeHit);
      if (list.open) event.preventDefault();
    } else if (event.key === "Escape") {
      event.preventDefault();
      if (list.open) return setList((current) => ({ ...current, open: false, active: -1 }));
      if (text !== "") {
        searcher.cancel();
        setText("");
        setList(closedList);
        onTyped();
      }
    }
  }

  const status =
    list.outcome === "found"
      ? list.hits.length === 1
        ? strings.schoolsFoundOne
        : strings.schoolsFoundMany.replaceAll("{count}", String(list.hits.length))
      : list.outcome === "not-found"
        ? strings.schoolsNotFound
        : list.outcome === "failed"
          ? strings.schoolSearchFailed
          : "";

  return (
    <div className={`form-group school-search${error ? " form-group--error" : ""}`}>
      <label className="form-label" htmlFor={id}>
        {strings.schoolSearchLabel}
      </label>
      <span className="form-hint" id={`${id}-hint`}>
        {strings.schoolSearchHint}
      </span>
      <FieldErrorMessage id={`${id}-error`} message={error} />
      <div className="school-search__field">
        <input
          ref={(element) => {
            keyboardRoom.field.current = element;
            if (typeof inputRef === "function") inputRef(element);
            else if (inputRef) inputRef.current = element;
          }}
          className="form-input school-search__input"
          id={id}
          type="text"
          name="schoolSearch"
          value={text}
          placeholder={strings.schoolSearchPlaceholder}
          maxLength={SCHOOL_SEARCH_MAX_LENGTH}
          spellCheck={false}
          autoComplete="off"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={list.open}
          aria-controls={listboxId}
          aria-activedescendant={activeHit ? optionId(list.active) : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setList((current) => (current.active === -1 ? current : { ...current, active: -1 }));
            onTyped();
            searcher.textChanged(event.target.value);
          }}
          onKeyDown={handleKeyDown}
          onFocus={keyboardRoom.onFocus}
          onBlur={() => {
            keyboardRoom.onBlur();
            setList((current) => (current.open ? { ...current, open: false, active: -1 } : current));
          }}
        />
        <ul
          id={listboxId}
          role="listbox"
          aria-label={strings.schoolResultsLabel}
          className="listbox-panel school-search__listbox"
          hidden={!list.open}
          // On a phone, only as tall as the space between the field and the keyboard.
          style={keyboardRoom.room === null ? undefined : { maxHeight: keyboardRoom.room }}
          // A press on an option must not take focus from the input (which would close the list before the click).
          onMouseDown={(event) => event.preventDefault()}
        >
          {list.hits.map((hit, index) => (
            <li
              key={`${hit.constituentId}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === list.active}
              className={index === list.active ? "listbox-option school-search__option is-active" : "listbox-option school-search__option"}
              onMouseMove={() => index !== list.active && setList((current) => ({ ...current, active: index }))}
              onClick={() => choose(hit)}
            >
              <span className="school-search__name">
                <HighlightedName highlighted={hit.highlightedName} fallback={hit.name} />
              </span>
              {hit.URN && (
                <span className="school-search__urn">
                  {strings.urnLabel} {hit.URN}
                </span>
              )}
              <span className="school-search__address">{addressLine(hit)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="visually-hidden" role="status">
        {status}
      </div>
      {list.outcome === "not-found" && (
        <div className="alert alert--info school-search__advice" id={`${id}-advice`}>
          <SupportAdvice text={strings.schoolNotFoundAdvice} email={supportEmail} />
        </div>
      )}
      {list.outcome === "failed" && <p className="alert alert--error">{strings.schoolSearchFailed}</p>}
    </div>
  );
}
