import {
  activeSuggestion,
  comboboxReducer,
  initialComboboxState,
  type ComboboxAction,
  type ComboboxState,
} from "../../../../widgets/search-box/combobox-state";
import type { SearchSuggestion } from "../../../../widgets/search-box/suggestion-request";

const suggestion = (title: string): SearchSuggestion => ({ objectID: title, title, url: `/${title}/`, excerpt: "", image: null });
const three = [suggestion("a"), suggestion("b"), suggestion("c")];

function run(...actions: ComboboxAction[]): ComboboxState {
  return actions.reduce(comboboxReducer, initialComboboxState);
}

describe("comboboxReducer", () => {
  it("opens on an answer with hits, with nothing active; stays closed on an empty answer", () => {
    expect(run({ type: "suggestionsArrived", suggestions: three })).toEqual({ suggestions: three, open: true, activeIndex: -1 });
    expect(run({ type: "suggestionsArrived", suggestions: [] })).toEqual({ suggestions: [], open: false, activeIndex: -1 });
  });

  it("Down moves through the options and wraps from last to first", () => {
    const arrived: ComboboxAction = { type: "suggestionsArrived", suggestions: three };
    const down: ComboboxAction = { type: "moveDown" };
    expect(run(arrived, down).activeIndex).toBe(0);
    expect(run(arrived, down, down, down).activeIndex).toBe(2);
    expect(run(arrived, down, down, down, down).activeIndex).toBe(0);
  });

  it("Up from none or the first option wraps to the last", () => {
    const arrived: ComboboxAction = { type: "suggestionsArrived", suggestions: three };
    expect(run(arrived, { type: "moveUp" }).activeIndex).toBe(2);
    expect(run(arrived, { type: "moveDown" }, { type: "moveUp" }).activeIndex).toBe(2);
    expect(run(arrived, { type: "moveUp" }, { type: "moveUp" }).activeIndex).toBe(1);
  });

  it("Down or Up on a closed list with suggestions opens it on the first or last option", () => {
    const closed = run({ type: "suggestionsArrived", suggestions: three }, { type: "moveDown" }, { type: "closed" });
    expect(closed).toMatchObject({ open: false, activeIndex: -1 });
    expect(comboboxReducer(closed, { type: "moveDown" })).toMatchObject({ open: true, activeIndex: 0 });
    expect(comboboxReducer(closed, { type: "moveUp" })).toMatchObject({ open: true, activeIndex: 2 });
  });

  it("arrows do nothing without suggestions", () => {
    expect(run({ type: "moveDown" })).toBe(initialComboboxState);
    expect(run({ type: "moveUp" })).toBe(initialComboboxState);
  });

  it("typing drops the active option but keeps the list until the next answer", () => {
    const typed = run({ type: "suggestionsArrived", suggestions: three }, { type: "moveDown" }, { type: "typed" });
    expect(typed).toEqual({ suggestions: three, open: true, activeIndex: -1 });
  });

  it("returning to the text (Left / Right) drops the active option and keeps the list open", () => {
    const returned = run({ type: "suggestionsArrived", suggestions: three }, { type: "moveDown" }, { type: "returnedToText" });
    expect(returned).toEqual({ suggestions: three, open: true, activeIndex: -1 });
    expect(comboboxReducer(returned, { type: "returnedToText" })).toBe(returned);
  });

  it("hovering makes an option active only while the list is open and the index exists", () => {
    const open = run({ type: "suggestionsArrived", suggestions: three });
    expect(comboboxReducer(open, { type: "hovered", index: 1 }).activeIndex).toBe(1);
    expect(comboboxReducer(open, { type: "hovered", index: 3 })).toBe(open);
    const closed = comboboxReducer(open, { type: "closed" });
    expect(comboboxReducer(closed, { type: "hovered", index: 1 })).toBe(closed);
  });

  it("clearing empties the list", () => {
    expect(run({ type: "suggestionsArrived", suggestions: three }, { type: "moveDown" }, { type: "cleared" })).toEqual(initialComboboxState);
  });
});

describe("activeSuggestion", () => {
  it("is the active option while the list is open, and null otherwise", () => {
    const active = run({ type: "suggestionsArrived", suggestions: three }, { type: "moveDown" }, { type: "moveDown" });
    expect(activeSuggestion(active)).toBe(three[1]);
    expect(activeSuggestion(comboboxReducer(active, { type: "closed" }))).toBeNull();
    expect(activeSuggestion(run({ type: "suggestionsArrived", suggestions: three }))).toBeNull();
  });
});
