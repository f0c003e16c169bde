/**
 * A combobox's list, as a pure reducer (WAI-ARIA APG combobox, list
 * autocomplete with manual selection): which items there are, whether the
 * list is shown and which option is active (-1: none, focus is in the text
 * only). The site's search box and the back office's school finder share it.
 */
export interface ComboboxState<Item> {
  items: Item[];
  open: boolean;
  activeIndex: number;
}

export type ComboboxAction<Item> =
  /** A fresh answer for the current text: shown when it has any item, nothing active yet. */
  | { type: "arrived"; items: Item[] }
  /** Empty text, a failure or a second Escape: no list. */
  | { type: "cleared" }
  /** The text changed: the old list stays until the new one arrives, but nothing in it is chosen. */
  | { type: "typed" }
  | { type: "moveDown" }
  | { type: "moveUp" }
  /** Left or Right with an option active: back to the text (the caret moves), the list stays open. */
  | { type: "returnedToText" }
  /** The mouse is over an option. */
  | { type: "hovered"; index: number }
  /** Escape or blur: hidden, the suggestions kept so Down shows them again. */
  | { type: "closed" };

/** The list before anything was typed: nothing in it, hidden (an empty list of any item). */
export const initialComboboxState: ComboboxState<never> = { items: [], open: false, activeIndex: -1 };

export function comboboxReducer<Item>(state: ComboboxState<Item>, action: ComboboxAction<Item>): ComboboxState<Item> {
  const count = state.items.length;
  switch (action.type) {
    case "arrived":
      return { items: action.items, open: action.items.length > 0, activeIndex: -1 };
    case "cleared":
      return initialComboboxState;
    case "typed":
    case "returnedToText":
      return state.activeIndex === -1 ? state : { ...state, activeIndex: -1 };
    case "moveDown":
      if (count === 0) return state;
      // A closed list opens on its first option; an open one moves on, wrapping from last to first.
      return { ...state, open: true, activeIndex: state.open ? (state.activeIndex + 1) % count : 0 };
    case "moveUp":
      if (count === 0) return state;
      // A closed list opens on its last option; from the first (or none) Up wraps to the last.
      return { ...state, open: true, activeIndex: state.open && state.activeIndex > 0 ? state.activeIndex - 1 : count - 1 };
    case "hovered":
      if (!state.open || action.index < 0 || action.index >= count || action.index === state.activeIndex) return state;
      return { ...state, activeIndex: action.index };
    case "closed":
      return state.open || state.activeIndex !== -1 ? { ...state, open: false, activeIndex: -1 } : state;
  }
}

/** The active item, if the list is shown and one is chosen. */
export function activeItem<Item>(state: ComboboxState<Item>): Item | null {
  return state.open ? (state.items[state.activeIndex] ?? null) : null;
}
