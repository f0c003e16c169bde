import type { JSX, MouseEvent } from "react";
import { isPlainClick } from "../lib/plain-click";
import { excerptParts } from "../lib/excerpt-parts";
import type { SearchSuggestion } from "./suggestion-request";

interface SuggestionOptionProps {
  id: string;
  suggestion: SearchSuggestion;
  active: boolean;
  onHover(): void;
  onChoose(event: MouseEvent<HTMLAnchorElement>): void;
}

/**
 * One suggestion: title, marked excerpt and optional thumbnail, as a link
 * that is itself the option (an `<a role="option">`), so the listbox holds
 * no nested interactive content, and a middle or Ctrl / Cmd click still
 * opens it in a new tab. It is never a Tab stop: focus stays in the input.
 */
export function SuggestionOption({ id, suggestion, active, onHover, onChoose }: SuggestionOptionProps): JSX.Element {
  return (
    <a
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      href={suggestion.url}
      className={active ? "listbox-option search-box__option is-active" : "listbox-option search-box__option"}
      onMouseMove={active ? undefined : onHover}
      onClick={(event) => {
        if (isPlainClick(event)) onChoose(event);
      }}
    >
      {suggestion.image && (
        <img className="search-box__image" src={suggestion.image} alt="" width={64} height={64} loading="lazy" decoding="async" />
      )}
      <span className="search-box__text">
        <span className="search-box__title">{suggestion.title}</span>
        {suggestion.excerpt && (
          <span className="search-box__excerpt">
            {excerptParts(suggestion.excerpt).map((part, index) =>
              part.marked ? (
                <mark key={index} className="search-box__mark">
                  {part.text}
                </mark>
              ) : (
                part.text
              ),
            )}
          </span>
        )}
      </span>
    </a>
  );
}
