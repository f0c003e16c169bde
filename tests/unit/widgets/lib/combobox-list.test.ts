import { activeItem, comboboxReducer, initialComboboxState, type ComboboxAction, type ComboboxState } from "../../../../widgets/lib/combobox-list";
import type { SearchSuggestion } from "../../../../widgets/search-box/suggestion-request";

const suggestion = (title: string): SearchSuggestion => ({ objectID: title, title, url: `/${title}/`, excerpt: "", image: null });
const three = [suggestion("a"), suggestion("b"), suggestion("c")];

type Action = ComboboxAction<SearchSuggestion>;

function run(...actions: Action[]): ComboboxState<SearchSuggestion> {
  return actions.reduce<ComboboxState<SearchSuggestion>>(comboboxReducer, initialComboboxState);
}

describe("comboboxReducer", () => {
  it("opens on an answer with hits, with nothing active; stays closed on an empty answer", () => {
    expect(run({ type: "arrived", items: three })).toEqual({ items: three, open: true, activeIndex: -1 });
    expect(run({ type: "arrived", items: [] })).toEqual({ items: [], open: false, activeIndex: -1 });
  });

  it("Down moves through the options and wraps from last to first", () => {
    const arrived: Action = { type: "arrived", items: three };
    const down: Action = { type: "moveDown" };
    expect(run(arrived, down).activeIndex).toBe(0);
    expect(run(arrived, down, down, down).activeIndex).toBe(2);
    expect(run(arrived, down, down, down, down).activeIndex).toBe(0);
  });

  it("Up from none or the first option wraps to the last", () => {
    const arrived: Action = { type: "arrived", items: three };
    expect(run(arrived, { type: "moveUp" }).activeIndex).toBe(2);
    expect(run(arrived, { type: "moveDown" }, { type: "moveUp" }).activeIndex).toBe(2);
    expect(run(arrived, { type: "moveUp" }, { type: "moveUp" }).activeIndex).toBe(1);
  });

  it("Down or Up on a closed list with suggestions opens it on the first or last option", () => {
    const closed = run({ type: "arrived", items: three }, { type: "moveDown" }, { type: "closed" });
    expect(closed).toMatchObject({ open: false, activeIndex: -1 });
    expect(comboboxReducer(closed, { type: "moveDown" })).toMatchObject({ open: true, activeIndex: 0 });
    expect(comboboxReducer(closed, { type: "moveUp" })).toMatchObject({ open: true, activeIndex: 2 });
  });

  it("arrows do nothing without suggestions", () => {
    expect(run({ type: "moveDown" })).toBe(initialComboboxState);
    expect(run({ type: "moveUp" })).toBe(initialComboboxState);
  });

  it("typing drops the active option but keeps the list until the next answer", () => {
    const typed = run({ type: "arrived", items: three }, { type: "moveDown" }, { type: "typed" });
    expect(typed).toEqual({ items: three, open: true, activeIndex: -1 });
  });

  it("returning to the text (Left / Right) drops the active option and keeps the list open", () => {
    const returned = run({ type: "arrived", items: three }, { type: "moveDown" }, { type: "returnedToText" });
    expect(returned).toEqual({ items: three, open: true, activeIndex: -1 });
    expect(comboboxReducer(returned, { type: "returnedToText" })).toBe(returned);
  });

  it("hovering makes an option active only while the list is open and the index exists", () => {
    const open = run({ type: "arrived", items: three });
    expect(comboboxReducer(open, { type: "hovered", index: 1 }).activeIndex).toBe(1);
    expect(comboboxReducer(open, { type: "hovered", index: 3 })).toBe(open);
    const closed = comboboxReducer(open, { type: "closed" });
    expect(comboboxReducer(closed, { type: "hovered", index: 1 })).toBe(closed);
  });

  it("clearing empties the list", () => {
    expect(run({ type: "arrived", items: three }, { type: "moveDown" }, { type: "cleared" })).toEqual(initialComboboxState);
  });
});

describe("activeSuggestion", () => {
  it("is the active option while the list is open, and null otherwise", () => {
    const active = run({ type: "arrived", items: three }, { type: "moveDown" }, { type: "moveDown" });
    expect(activeItem(active)).toBe(three[1]);
    expect(activeItem(comboboxReducer(active, { type: "closed" }))).toBeNull();
    expect(activeItem(run({ type: "arrived", items: three }))).toBeNull();
  });
});
