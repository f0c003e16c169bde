import { useEffect, useState, type JSX } from "react";
import type { WidgetProps } from "../runtime/definition";
import { suggestionsAnnouncement } from "./announcement";
import { useComboboxList } from "../lib/useComboboxList";
import { navigateTo } from "../lib/navigate";
import type { SearchBoxProps } from "./parse";
import { SearchIcon } from "./SearchIcon";
import { SuggestionFetcher } from "./suggestion-fetcher";
import { SuggestionOption } from "./SuggestionOption";
import type { SearchSuggestion } from "./suggestion-request";

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
  const { state, dispatch, active, open, handleKeyDown } = useComboboxList<SearchSuggestion>({
    inputId,
    text,
    cancel: () => fetcher.cancel(),
    choose: (suggestion) => navigateTo(suggestion.url),
    clearText: () => {
      setText("");
      setAnnouncement("");
    },
  });
  const [announcement, setAnnouncement] = useState("");
  const [fetcher] = useState(
    () =>
      new SuggestionFetcher(autocompleteUrl, {
        suggestionsArrived: (suggestions) => {
          dispatch({ type: "arrived", items: suggestions });
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
  }, [dispatch, fetcher, query, typedBeforeMount]);

  const listboxId = `${inputId}-listbox`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const labelHidden = variant === "header";

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
          {state.items.map((suggestion, index) => (
            <SuggestionOption
              key={`${suggestion.objectID}-${index}`}
              id={optionId(index)}
              suggestion={suggestion}
              active={index === state.activeIndex}
              onHover={() => dispatch({ type: "hovered", index })}
              onChoose={(event) => {
                event.preventDefault();
                open(suggestion);
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
