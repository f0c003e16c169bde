import { useEffect, useReducer, useState, type JSX, type KeyboardEvent } from "react";
import type { WidgetProps } from "../runtime/definition";
import { suggestionsAnnouncement } from "./announcement";
import { activeSuggestion, comboboxReducer, initialComboboxState } from "./combobox-state";
import { navigateTo } from "../lib/navigate";
import type { SearchBoxProps } from "./parse";
import { SearchIcon } from "./SearchIcon";
import { SuggestionFetcher } from "./suggestion-fetcher";
import { SuggestionOption } from "./SuggestionOption";

/**
 * The site search box as a WAI-ARIA APG combobox (list autocomplete, manual
 * selection). The server's GET form, re-rendered with the same classes: the
 * text is a combobox that owns a listbox of suggestions. Down / Up move the
 * active option (wrapping), Enter opens it, Enter with none active submits
 * the form to the results page, Left / Right return to the text (moving the
 * caret), Escape closes the list and a second Escape clears the text. Focus never leaves the input.
 */
export default function SearchBox({
  variant,
  autocompleteUrl,
  action,
  landmarkLabel,
  inputId,
  inputName,
  query,
  typedBeforeMount,
  placeholder,
  label,
  submitLabel,
  strings,
}: WidgetProps<SearchBoxProps>): JSX.Element {
  const [text, setText] = useState(query);
  const [state, dispatch] = useReducer(comboboxReducer, initialComboboxState);
  const [announcement, setAnnouncement] = useState("");
  const [fetcher] = useState(
    () =>
      new SuggestionFetcher(autocompleteUrl, {
        suggestionsArrived: (suggestions) => {
          dispatch({ type: "suggestionsArrived", suggestions });
          setAnnouncement(suggestionsAnnouncement(suggestions.length, strings));
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
    if (!typedBeforeMount || query.trim() === "") return;
    dispatch({ type: "typed" });
    fetcher.textChanged(query);
  }, [fetcher, query, typedBeforeMount]);

  const listboxId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const active = activeSuggestion(state);
  const labelHidden = variant === "header";

  // Keep the active option in view when the list scrolls (a long list on a short screen).
  useEffect(() => {
    if (state.activeIndex < 0) return;
    document.getElementById(`${inputId}-option-${state.activeIndex}`)?.scrollIntoView?.({ block: "nearest" });
  }, [inputId, state.activeIndex]);

  function open(url: string) {
    fetcher.cancel();
    dispatch({ type: "closed" });
    navigateTo(url);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (state.suggestions.length === 0) return;
        event.preventDefault(); // not the caret's jump to the start or end
        dispatch({ type: event.key === "ArrowDown" ? "moveDown" : "moveUp" });
        return;
      case "ArrowLeft":
      case "ArrowRight":
        // APG: with an option active, Left / Right go back to the text. Not prevented, so the caret moves too.
        if (state.activeIndex !== -1) dispatch({ type: "returnedToText" });
        return;
      case "Enter":
        // With an active option Enter opens it; otherwise the form submits as usual.
        if (!active) return;
        event.preventDefault();
        open(active.url);
        return;
      case "Escape":
        // preventDefault also stops a browser's own clearing of a search field, so the first Escape only closes.
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
        className="search-box__form"
        role="search"
        aria-label={landmarkLabel || undefined}
        method="get"
        action={action}
        onSubmit={() => {
          fetcher.cancel();
          dispatch({ type: "closed" });
        }}
      >
        <label className={labelHidden ? "search-box__label visually-hidden" : "search-box__label"} htmlFor={inputId}>
          {label}
        </label>
        <div className="search-box__field">
          <input
            className="search-box__input"
            id={inputId}
            type="search"
            name={inputName}
            value={text}
            placeholder={placeholder || undefined}
            spellCheck={false}
            enterKeyHint="search"
            // The suggestions replace the browser's own remembered entries.
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
          <button className="search-box__submit" type="submit">
            <SearchIcon />
            <span className={labelHidden ? "search-box__submit-label visually-hidden" : "search-box__submit-label"}>{submitLabel}</span>
          </button>
        </div>
        <div
          id={listboxId}
          role="listbox"
          aria-label={strings.suggestionsLabel}
          className="listbox-panel search-box__listbox"
          hidden={!state.open}
          // A press on an option must not take focus from the input (which would close the list before the click).
          onMouseDown={(event) => event.preventDefault()}
        >
          {state.suggestions.map((suggestion, index) => (
            <SuggestionOption
              key={`${suggestion.objectID}-${index}`}
              id={optionId(index)}
              suggestion={suggestion}
              active={index === state.activeIndex}
              onHover={() => dispatch({ type: "hovered", index })}
              onChoose={(event) => {
                event.preventDefault();
                open(suggestion.url);
              }}
            />
          ))}
        </div>
      </form>
      <div className="search-box__status visually-hidden" role="status">
        {announcement}
      </div>
    </>
  );
}
