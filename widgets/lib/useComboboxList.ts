import { useEffect, useReducer, type KeyboardEvent } from "react";
import { activeItem, comboboxReducer, initialComboboxState, type ComboboxState } from "./combobox-list";

/*
 * The keyboard and list of a WAI-ARIA APG combobox (list autocomplete,
 * manual selection), shared by the site's search box and the back office's
 * school finder: Down / Up move through the options (opening a closed list),
 * Left / Right go back to the text, Enter chooses the active option (without
 * one the form submits as usual), Escape closes the list and a second Escape
 * clears the text. The active option is kept in view.
 */

export interface ComboboxListOptions<Item> {
  inputId: string;
  /** What is in the box now: the second Escape clears it only when there is something. */
  text: string;
  /** Stops a suggestion request in flight (an answer after a choice must not reopen the list). */
  cancel(): void;
  /** Goes where the chosen item leads. */
  choose(item: Item): void;
  /** The second Escape: the caller empties the box and its announcement. */
  clearText(): void;
}

export function useComboboxList<Item>(options: ComboboxListOptions<Item>) {
  const [state, dispatch] = useReducer(comboboxReducer<Item>, initialComboboxState as ComboboxState<Item>);
  const active = activeItem(state);
  const { inputId } = options;

  // Keep the active option in view when the list scrolls (a long list on a short screen).
  useEffect(() => {
    if (state.activeIndex < 0) return;
    document.getElementById(`${inputId}-option-${state.activeIndex}`)?.scrollIntoView?.({ block: "nearest" });
  }, [inputId, state.activeIndex]);

  function open(item: Item) {
    options.cancel();
    dispatch({ type: "closed" });
    options.choose(item);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        if (state.items.length === 0) return;
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
        open(active);
        return;
      case "Escape":
        // preventDefault also stops a browser's own clearing of a search field, so the first Escape only closes.
        event.preventDefault();
        options.cancel();
        if (state.open) {
          dispatch({ type: "closed" });
        } else if (options.text !== "") {
          options.clearText();
          dispatch({ type: "cleared" });
        }
        return;
    }
  }

  return { state, dispatch, active, open, handleKeyDown };
}
