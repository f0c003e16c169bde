import type { JSX } from "react";

/** The magnifier in the submit button, as in the macro's markup. */
export function SearchIcon(): JSX.Element {
  return (
    <svg className="search-box__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
      <path d="m15.5 15.5 5 5" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
