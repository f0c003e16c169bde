import { act, fireEvent, screen } from "@testing-library/react";
import ResourceFilters from "../../../widgets/resource-filters/ResourceFilters";
import { parseResourceFilters } from "../../../widgets/resource-filters/parse";
import { autoSubmitQuietMs } from "../../../widgets/resource-filters/useAutoSubmit";
import { setMediaQuery } from "../../setup/match-media";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";

const desktop = "(min-width: 64em)";

const form = {
  action: "/resources/",
  facets: [
    {
      name: "key_stage",
      legend: "Key stage",
      options: [
        { id: "filter-key_stage-ks2", slug: "ks2", label: "Key Stage 2", count: 4, checked: true },
        { id: "filter-key_stage-ks3", slug: "ks3", label: "Key Stage 3", count: 7, checked: false },
      ],
    },
    {
      name: "subject",
      legend: "Subject",
      options: [
        { id: "filter-subject-drama", slug: "drama", label: "Drama", count: 9, checked: true },
        { id: "filter-subject-music", slug: "music", label: "Music", count: 0, checked: false },
      ],
    },
  ],
  durations: [
    { value: "any", label: "Any length", selected: true },
    { value: "under-15", label: "Under 15 minutes", selected: false },
  ],
  sorts: [
    { value: "newest", label: "Newest first", selected: true },
    { value: "title", label: "Title A to Z", selected: false },
  ],
  checkedCount: 2,
  clearUrl: "/resources/",
};

function mountFilters(markupChange: (markup: string) => string = (markup) => markup) {
  const root = insertMarkup(markupChange(renderMacro("resource-filters", "resourceFilters", form)), "resource-filters") as HTMLFormElement;
  const requestSubmit = vi.spyOn(root, "requestSubmit").mockImplementation(() => undefined);
  const mounted = mountWidget(root, parseResourceFilters, ResourceFilters);
  return { ...mounted, form: root, requestSubmit };
}

const checkbox = (name: RegExp) => screen.getByRole("checkbox", { name });
const clearAll = () => screen.getByRole("button", { name: /^Clear all/ });
const toggle = () => screen.queryByRole("button", { name: /Show filter|Hide filter/ });
const status = () => screen.getByRole("status");

beforeEach(() => {
  vi.useFakeTimers();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe("resource filters: auto-submit", () => {
  // At desktop width, where the panel is always open.
  beforeEach(() => setMediaQuery(desktop, true));

  it("submits the form 1500 ms after a checkbox changes, saying it is updating meanwhile", () => {
    const { requestSubmit } = mountFilters();
    expect(status()).toHaveTextContent("");
    fireEvent.click(checkbox(/Key Stage 3/));
    expect(status()).toHaveTextContent("Updating results…");
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs - 1));
    expect(requestSubmit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it("restarts the quiet period on every change, so several quick changes submit once", () => {
    const { requestSubmit } = mountFilters();
    fireEvent.click(checkbox(/Key Stage 3/));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(checkbox(/Music/));
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.change(screen.getByRole("combobox", { name: "Duration" }), { target: { value: "under-15" } });
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs - 1));
    expect(requestSubmit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it("submits after a change of sort", () => {
    const { requestSubmit } = mountFilters();
    fireEvent.change(screen.getByRole("combobox", { name: "Sort by" }), { target: { value: "title" } });
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it("drops a pending submit when it unmounts", () => {
    const { requestSubmit, result } = mountFilters();
    fireEvent.click(checkbox(/Key Stage 3/));
    result.unmount();
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs * 2));
    expect(requestSubmit).not.toHaveBeenCalled();
  });

  it("keeps the server's checkboxes (moved, not copied) and drops the Apply button and the Clear all link", () => {
    const root = insertMarkup(renderMacro("resource-filters", "resourceFilters", form), "resource-filters");
    const serverCheckbox = root.querySelector("#filter-key_stage-ks2");
    mountWidget(root, parseResourceFilters, ResourceFilters);
    expect(checkbox(/Key Stage 2/)).toBe(serverCheckbox);
    expect(checkbox(/Key Stage 2/)).toBeChecked();
    expect(screen.queryByRole("button", { name: "Apply filters" })).toBeNull();
    expect(screen.queryByRole("link", { name: /Clear all/ })).toBeNull();
  });
});

describe("resource filters: Clear all", () => {
  beforeEach(() => setMediaQuery(desktop, true));

  it("reads Clear all (N) for N checked boxes and follows each change", () => {
    mountFilters();
    expect(clearAll()).toHaveTextContent(/^Clear all \(2\)$/);
    fireEvent.click(checkbox(/Key Stage 3/));
    expect(clearAll()).toHaveTextContent(/^Clear all \(3\)$/);
    fireEvent.click(checkbox(/Key Stage 2/));
    fireEvent.click(checkbox(/Key Stage 3/));
    fireEvent.click(checkbox(/Drama/));
    expect(clearAll()).toHaveTextContent(/^Clear all$/);
  });

  it("unchecks every box, then submits after the same quiet period", () => {
    const { requestSubmit } = mountFilters();
    fireEvent.click(clearAll());
    expect(screen.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).checked)).toEqual([]);
    expect(clearAll()).toHaveTextContent(/^Clear all$/);
    expect(status()).toHaveTextContent("Updating results…");
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it("does nothing when no box is checked", () => {
    const { requestSubmit } = mountFilters((markup) => markup.replaceAll(" checked>", ">"));
    expect(clearAll()).toHaveTextContent(/^Clear all$/);
    fireEvent.click(clearAll());
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs));
    expect(requestSubmit).not.toHaveBeenCalled();
    expect(status()).toHaveTextContent("");
  });

  it("counts a duration other than any length, and sets it back to any", () => {
    const { requestSubmit } = mountFilters();
    const duration = screen.getByRole("combobox", { name: "Duration" }) as HTMLSelectElement;
    fireEvent.change(duration, { target: { value: "under-15" } });
    expect(clearAll()).toHaveTextContent(/^Clear all \(3\)$/);
    fireEvent.click(clearAll());
    expect(duration.value).toBe("any");
    expect(clearAll()).toHaveTextContent(/^Clear all$/);
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs));
    expect(requestSubmit).toHaveBeenCalledTimes(1);
  });

  it("counts a duration chosen in the server markup", () => {
    mountFilters((markup) =>
      markup.replace('<option value="any" selected>', '<option value="any">').replace('<option value="under-15">', '<option value="under-15" selected>'),
    );
    expect(clearAll()).toHaveTextContent(/^Clear all \(3\)$/);
  });

  it("takes its strings from data-i18n attributes", () => {
    mountFilters((markup) =>
      markup.replace('data-widget="resource-filters"', 'data-widget="resource-filters" data-i18n-clear-all-count="Tout effacer ({count})" data-i18n-show-filter="Filtres"'),
    );
    expect(screen.getByRole("button", { name: "Tout effacer (2)" })).toBeVisible();
    act(() => setMediaQuery(desktop, false));
    expect(screen.getByRole("button", { name: "Filtres" })).toHaveAttribute("aria-expanded", "false");
  });
});

describe("resource filters: the narrow-screen toggle", () => {
  it("the server's stand-in toggle, shown until the widget starts, reads Show filter in sentence case", () => {
    const root = insertMarkup(renderMacro("resource-filters", "resourceFilters", form), "resource-filters");
    expect(root.querySelector(".resource-filters__toggle--stand-in")).toHaveTextContent(/^Show filter$/);
  });

  it("collapses the panel below the desktop breakpoint behind Show filter / Hide filter", () => {
    mountFilters();
    const panel = document.getElementById("resource-filters-panel")!;
    // Sentence case, as every control on the site (issue 24: not "Show Filter").
    expect(toggle()).toHaveTextContent(/^Show filter$/);
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(toggle()).toHaveAttribute("aria-controls", "resource-filters-panel");
    expect(panel).not.toBeVisible();
    fireEvent.click(toggle()!);
    expect(toggle()).toHaveTextContent(/^Hide filter$/);
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(panel).toBeVisible();
    fireEvent.click(toggle()!);
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toBeVisible();
  });

  it("always shows the panel, with no toggle, at desktop width, and follows the width as it changes", () => {
    setMediaQuery(desktop, true);
    mountFilters();
    const panel = document.getElementById("resource-filters-panel")!;
    expect(toggle()).toBeNull();
    expect(panel).toBeVisible();
    act(() => setMediaQuery(desktop, false));
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(panel).not.toBeVisible();
    act(() => setMediaQuery(desktop, true));
    expect(toggle()).toBeNull();
    expect(panel).toBeVisible();
  });

  it("reopens the panel and refocuses the last control after its own submit reloads the page", () => {
    const first = mountFilters();
    fireEvent.click(toggle()!);
    checkbox(/Music/).focus();
    fireEvent.click(checkbox(/Music/));
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs));
    expect(first.requestSubmit).toHaveBeenCalledTimes(1);
    first.result.unmount();
    document.body.replaceChildren();

    mountFilters();
    expect(toggle()).toHaveAttribute("aria-expanded", "true");
    expect(document.activeElement).toBe(checkbox(/Music/));
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs * 2));
    // Only once: a later visit starts closed again.
    document.body.replaceChildren();
    mountFilters();
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
  });
});

describe("resource filters: Show N results, below the desktop breakpoint", () => {
  const withResults = (count: number) => (markup: string) =>
    markup.replace('data-widget="resource-filters"', `data-widget="resource-filters" data-result-count="${count}" data-results-id="results-heading"`);
  const showResults = () => screen.queryByRole("button", { name: /^Show .*result/ });

  beforeEach(() => {
    const heading = document.createElement("h2");
    heading.id = "results-heading";
    heading.tabIndex = -1;
    heading.textContent = "12 resources";
    document.body.append(heading);
  });

  it("says how many results the filters give, folds the panel and moves focus to the results", () => {
    mountFilters(withResults(12));
    fireEvent.click(toggle()!);
    expect(showResults()).toHaveTextContent("Show 12 results");
    fireEvent.click(showResults()!);
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(document.getElementById("resource-filters-panel")).not.toBeVisible();
    expect(document.activeElement).toBe(document.getElementById("results-heading"));
  });

  it("says result for one, and is not there at desktop width or without a results count", () => {
    mountFilters(withResults(1));
    fireEvent.click(toggle()!);
    expect(showResults()).toHaveTextContent("Show 1 result");
    act(() => setMediaQuery(desktop, true));
    expect(showResults()).toBeNull();
    act(() => setMediaQuery(desktop, false));
    document.body.replaceChildren();
    mountFilters();
    fireEvent.click(toggle()!);
    expect(showResults()).toBeNull();
  });

  it("with a change waiting, sends it at once and lands on the new results with the panel folded", () => {
    const first = mountFilters(withResults(12));
    fireEvent.click(toggle()!);
    fireEvent.click(checkbox(/Music/));
    expect(showResults()).toHaveTextContent("Show results");
    fireEvent.click(showResults()!);
    expect(first.requestSubmit).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(autoSubmitQuietMs));
    expect(first.requestSubmit).toHaveBeenCalledTimes(1);
    first.result.unmount();
    document.body.replaceChildren();

    const heading = document.createElement("h2");
    heading.id = "results-heading";
    heading.tabIndex = -1;
    document.body.append(heading);
    mountFilters(withResults(3));
    expect(toggle()).toHaveAttribute("aria-expanded", "false");
    expect(document.activeElement).toBe(heading);
  });
});
