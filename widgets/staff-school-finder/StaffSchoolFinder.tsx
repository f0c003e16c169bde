import { useEffect, useState, type JSX } from "react";
import { navigateTo } from "../lib/navigate";
import type { WidgetProps } from "../runtime/definition";
import type { StaffSchoolFinderProps, StaffSchoolFinderStrings } from "./parse";
import { SchoolOption } from "./SchoolOption";
import { SchoolSuggestionFetcher } from "./suggestion-fetcher";
import type { StaffSchoolSuggestion } from "../../contracts/shapes/staff-schools";
import { useComboboxList } from "../lib/useComboboxList";

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
  const { state, dispatch, active, open, handleKeyDown } = useComboboxList<StaffSchoolSuggestion>({
    inputId,
    text,
    cancel: () => fetcher.cancel(),
    choose: (school) => navigateTo(pageOf(school.id)),
    clearText: () => {
      setText("");
      setAnnouncement("");
    },
  });
  const [announcement, setAnnouncement] = useState("");
  const [fetcher] = useState(
    () =>
      new SchoolSuggestionFetcher(suggestionsUrl, {
        arrived: (schools) => {
          dispatch({ type: "arrived", items: schools });
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
              {state.items.map((school, index) => (
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
                    open(school);
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
