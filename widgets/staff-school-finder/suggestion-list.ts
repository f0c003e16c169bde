import type { StaffSchoolSuggestion } from "../../contracts/shapes/staff-schools";

/**
 * The list of suggested schools, as a pure reducer (WAI-ARIA APG combobox,
 * list autocomplete with manual selection): which schools there are, whether
 * the list is shown and which option is active (-1: none, focus is in the
 * text only).
 */
export interface SuggestionListState {
  schools: StaffSchoolSuggestion[];
  open: boolean;
  activeIndex: number;
}

export type SuggestionListAction =
  /** A fresh answer for the current text: shown when it has any school, nothing active yet. */
  | { type: "arrived"; schools: StaffSchoolSuggestion[] }
  /** Short text, a failure or a second Escape: no list. */
  | { type: "cleared" }
  /** The text changed, or Left / Right: nothing in the list is chosen. */
  | { type: "typed" }
  | { type: "moveDown" }
  | { type: "moveUp" }
  | { type: "hovered"; index: number }
  /** Escape or blur: hidden, the schools kept so Down shows them again. */
  | { type: "closed" };

export const initialSuggestionList: SuggestionListState = { schools: [], open: false, activeIndex: -1 };

export function suggestionListReducer(state: SuggestionListState, action: SuggestionListAction): SuggestionListState {
  const count = state.schools.length;
  switch (action.type) {
    case "arrived":
      return { schools: action.schools, open: action.schools.length > 0, activeIndex: -1 };
    case "cleared":
      return initialSuggestionList;
    case "typed":
      return state.activeIndex === -1 ? state : { ...state, activeIndex: -1 };
    case "moveDown":
      if (count === 0) return state;
      return { ...state, open: true, activeIndex: state.open ? (state.activeIndex + 1) % count : 0 };
    case "moveUp":
      if (count === 0) return state;
      return { ...state, open: true, activeIndex: state.open && state.activeIndex > 0 ? state.activeIndex - 1 : count - 1 };
    case "hovered":
      if (!state.open || action.index < 0 || action.index >= count || action.index === state.activeIndex) return state;
      return { ...state, activeIndex: action.index };
    case "closed":
      return state.open || state.activeIndex !== -1 ? { ...state, open: false, activeIndex: -1 } : state;
  }
}

/** The active school, if the list is shown and one is chosen. */
export function activeSchool(state: SuggestionListState): StaffSchoolSuggestion | null {
  return state.open ? (state.schools[state.activeIndex] ?? null) : null;
}
