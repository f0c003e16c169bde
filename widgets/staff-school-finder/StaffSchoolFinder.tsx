import { useEffect, useReducer, useState, type JSX, type KeyboardEvent } from "react";
import { navigateTo } from "../lib/navigate";
import type { WidgetProps } from "../runtime/definition";
import type { StaffSchoolFinderProps, StaffSchoolFinderStrings } from "./parse";
import { SchoolOption } from "./SchoolOption";
import { SchoolSuggestionFetcher } from "./suggestion-fetcher";
import { activeSchool, initialSuggestionList, suggestionListReducer } from "./suggestion-list";

function announcementOf(count: number, strings: StaffSchoolFinderStrings): string {
  if (count === 0) return strings.noSuggestions;
  return (count === 1 ? strings.oneSuggestion : strings.manySuggestions).replaceAll("{count}", String(count));
}

/**
 * The back office's school finder as a WAI-ARIA APG combobox (list
 * autocomplete, manual selection). The server's GET form, re-rendered with
 * the same classes: from two characters, the text owns a listbox of matching
 * schools. Down / Up move the active option (wrapping), Enter or a click
 * opens that school's page, Enter with none active submits the form to the
 * full results, Escape closes the list and a second Escape clears the text.
 * Focus never leaves the input.
 */
export default function StaffSchoolFinder({
  suggestionsUrl,
  schoolUrl,
  action,
  landmarkLabel,
  inputId,
  inputName,
  maxLength,
  query,
  typedBeforeMount,
  label,
  submitLabel,
  strings,
}: WidgetProps<StaffSchoolFinderProps>): JSX.Element {
  const [text, setText] = useState(query);
  const [state, dispatch] = useReducer(suggestionListReducer, initialSuggestionList);
  const [announcement, setAnnouncement] = useState("");
  const [fetcher] = useState(
    () =>
      new SchoolSuggestionFetcher(suggestionsUrl, {
        arrived: (schools) => {
          dispatch({ type: "arrived", schools });
          setAnnouncement(announcementOf(schools.length, strings));
        },
        cleared: () => {
          dispatch({ type: "cleared" });
          setAnnouncement("");
        },
      }),
  );
  useEffect(() => () => fetcher.cancel(), [fetcher]);

  // Letters typed while the code was on its way get their suggestions too.
  useEffect(() => {
    if (typedBeforeMount) fetcher.textChanged(query);
  }, [fetcher, query, typedBeforeMount]);

  const listboxId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const pageOf = (id: number) => schoolUrl.replace("{id}", encodeURIComponent(String(id)));
  const active = activeSchool(state);

  useEffect(() => {
    if (state.activeIndex < 0) return;
    document.getElementById(`${inputId}-option-${state.activeIndex}`)?.scrollIntoView?.({ block: "nearest" });
  }, [inputId, state.activeIndex]);

  function open(id: number) {
    fetcher.cancel();
    dispatch({ type: "closed" });
    navigateTo(pageOf(id));
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (state.schools.length === 0) return;
        event.preventDefault();
        dispatch({ type: event.key === "ArrowDown" ? "moveDown" : "moveUp" });
        return;
      case "ArrowLeft":
      case "ArrowRight":
        if (state.activeIndex !== -1) dispatch({ type: "typed" });
        return;
      case "Enter":
        // With an active option Enter opens its school; otherwise the form submits to the full results.
        if (!active) return;
        event.preventDefault();
        open(active.id);
        return;
      case "Escape":
        event.preventDefault();
        fetcher.cancel();
        if (state.open) {
          dispatch({ type: "closed" });
        } else if (text !== "") {
          setText("");
          dispatch({ type: "cleared" });
          setAnnouncement("");
        }
        return;
    }
  }

  return (
    <>
      <form
        method="get"
        action={action}
        className="staff-filters"
        role="search"
        aria-label={landmarkLabel || undefined}
        onSubmit={() => {
          fetcher.cancel();
          dispatch({ type: "closed" });
        }}
      >
        <div className="form-group staff-filters__text">
          <label className="form-label" htmlFor={inputId}>
            {label}
          </label>
          <div className="staff-school-finder__field">
            <input
              className="form-input"
              id={inputId}
              name={inputName}
              type="search"
              value={text}
              maxLength={maxLength}
              spellCheck={false}
              autoComplete="off"
              role="combobox"
              aria-autocomplete="list"
              aria-expanded={state.open}
              aria-controls={listboxId}
              aria-activedescendant={active ? optionId(state.activeIndex) : undefined}
              onChange={(event) => {
                setText(event.target.value);
                dispatch({ type: "typed" });
                fetcher.textChanged(event.target.value);
              }}
              onKeyDown={handleKeyDown}
              onBlur={() => {
                fetcher.cancel();
                dispatch({ type: "closed" });
              }}
            />
            <div
              id={listboxId}
              role="listbox"
              aria-label={strings.suggestionsLabel}
              className="listbox-panel staff-school-finder__listbox"
              hidden={!state.open}
              // A press on an option must not take focus from the input (which would close the list before the click).
              onMouseDown={(event) => event.preventDefault()}
            >
              {state.schools.map((school, index) => (
                <SchoolOption
                  key={school.id}
                  id={optionId(index)}
                  school={school}
                  href={pageOf(school.id)}
                  active={index === state.activeIndex}
                  strings={strings}
                  onHover={() => dispatch({ type: "hovered", index })}
                  onChoose={(event) => {
                    event.preventDefault();
                    open(school.id);
                  }}
                />
              ))}
            </div>
          </div>
        </div>
        <button type="submit" className="button">
          {submitLabel}
        </button>
      </form>
      <div className="staff-school-finder__status visually-hidden" role="status">
        {announcement}
      </div>
    </>
  );
}
