import { act, fireEvent, screen, within } from "@testing-library/react";
import { navigateTo } from "../../../widgets/lib/navigate";
import SearchBox from "../../../widgets/search-box/SearchBox";
import { parseSearchBox } from "../../../widgets/search-box/parse";
import { insertMarkup, mountWidget, renderMacro } from "../support/widget-harness";
import { hit, holdRequests, mountSearchBox, press, typeInto, wait } from "./search-box-harness";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));

const combobox = () => screen.getByRole("combobox", { name: "Search the site" });
const listbox = () => screen.getByRole("listbox", { hidden: true });
const options = () => within(listbox()).queryAllByRole("option", { hidden: true });
const status = () => screen.getByRole("status");

beforeEach(() => {
  // Only the debounce clock is faked; setImmediate stays real so response bodies can be read.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.mocked(navigateTo).mockReset();
  document.body.replaceChildren();
});

async function typeAndShow(text: string, hits: unknown[]) {
  const requests = holdRequests();
  mountSearchBox();
  typeInto(combobox(), text);
  await wait(300);
  await requests.at(-1)!.answer({ hits });
  return { requests };
}

describe("search box: the plain form, enhanced", () => {
  it("keeps the server form: GET to /search/ with q, the same classes, a labelled search landmark", () => {
    const root = mountSearchBox({ query: "hamlet" });
    const form = screen.getByRole("search", { name: "Site search" });
    expect(form).toHaveAttribute("action", "/search/");
    expect(form).toHaveAttribute("method", "get");
    expect(form).toHaveClass("search-box__form");
    expect(combobox()).toHaveAttribute("name", "q");
    expect(combobox()).toHaveValue("hamlet");
    expect(combobox()).toHaveClass("search-box__input");
    expect(screen.getByRole("button", { name: "Search" })).toHaveClass("search-box__submit");
    expect(root).toHaveClass("search-box", "search-box--header");
  });

  it("is an APG combobox that controls a listbox, collapsed until there are suggestions", () => {
    mountSearchBox();
    expect(combobox()).toHaveAttribute("aria-autocomplete", "list");
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(combobox()).toHaveAttribute("aria-controls", "site-search-listbox");
    expect(combobox()).not.toHaveAttribute("aria-activedescendant");
    expect(listbox()).toHaveAttribute("id", "site-search-listbox");
    expect(listbox()).not.toBeVisible();
  });
});

describe("search box: when suggestions are asked for", () => {
  it("asks for suggestions for text typed into the plain field before it mounted (it mounts on first interaction)", async () => {
    const requests = holdRequests();
    const root = insertMarkup(renderMacro("search-box", "searchBox", { id: "site-search", variant: "header" }), "search-box");
    const plainField = root.querySelector("input")!;
    plainField.focus();
    plainField.value = "mac";
    mountWidget(root, parseSearchBox, SearchBox);
    expect(combobox()).toHaveValue("mac");
    await wait(300);
    expect(requests.map((request) => request.url)).toEqual(["/search/autocomplete/?query=mac"]);
  });

  it("asks once, after 300 ms without typing, and not before", async () => {
    const requests = holdRequests();
    mountSearchBox();
    typeInto(combobox(), "ma");
    await wait(200);
    typeInto(combobox(), "c");
    await wait(299);
    expect(requests).toHaveLength(0);
    await wait(1);
    expect(requests.map((request) => request.url)).toEqual(["/search/autocomplete/?query=mac"]);
    await wait(1000);
    expect(requests).toHaveLength(1);
  });

  it("URL-encodes the text (&, #, spaces, accents, emoji)", async () => {
    const requests = holdRequests();
    mountSearchBox();
    typeInto(combobox(), "R&J #1 Ophélie ☂");
    await wait(300);
    expect(requests[0]!.url).toBe("/search/autocomplete/?query=R%26J%20%231%20Oph%C3%A9lie%20%E2%98%82");
  });

  it("adds the query to an autocomplete URL that already has one", async () => {
    const requests = holdRequests();
    mountSearchBox({ autocompleteUrl: "https://search.example.org/suggest?site=learning" });
    typeInto(combobox(), "lear");
    await wait(300);
    expect(requests[0]!.url).toBe("https://search.example.org/suggest?site=learning&query=lear");
  });

  it("sends nothing for whitespace-only text and clears the list at once", async () => {
    const { requests } = await typeAndShow("mac", [hit("Macbeth"), hit("Macbeth for families")]);
    expect(options()).toHaveLength(2);
    typeInto(combobox(), "", { replace: true });
    typeInto(combobox(), "   ");
    expect(options()).toHaveLength(0);
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    await wait(1000);
    expect(requests).toHaveLength(1);
  });

  it("cancels a request still waiting for quiet when the text becomes blank", async () => {
    const requests = holdRequests();
    mountSearchBox();
    typeInto(combobox(), "ham");
    await wait(200);
    typeInto(combobox(), "", { replace: true });
    await wait(1000);
    expect(requests).toHaveLength(0);
  });

  it("never lets a stale answer overwrite a newer one", async () => {
    const requests = holdRequests();
    mountSearchBox();
    typeInto(combobox(), "mac");
    await wait(300);
    typeInto(combobox(), "b");
    await wait(300);
    expect(requests.map((request) => request.url)).toEqual([
      "/search/autocomplete/?query=mac",
      "/search/autocomplete/?query=macb",
    ]);
    await requests[1]!.answer({ hits: [hit("Macbeth")] });
    await requests[0]!.answer({ hits: [hit("Mac and cheese"), hit("Machinal")] });
    expect(options().map((option) => option.querySelector(".search-box__title")?.textContent)).toEqual(["Macbeth"]);
  });

  it.each([
    ["a non-OK status", (request: { answer(body: unknown, status?: number): Promise<void> }) => request.answer({ success: false }, 500)],
    ["a network failure", (request: { failNetwork(): Promise<void> }) => request.failNetwork()],
    ["unreadable JSON", (request: { answerText(text: string, type: string): Promise<void> }) => request.answerText("{hits: [", "application/json")],
    ["an answer without hits", (request: { answer(body: unknown): Promise<void> }) => request.answer({ results: [] })],
  ])("logs %s to the console only and clears the list", async (_situation, fail) => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { requests } = await typeAndShow("mac", [hit("Macbeth")]);
    expect(options()).toHaveLength(1);
    typeInto(combobox(), "b");
    await wait(300);
    await fail(requests[1]! as never);
    expect(consoleError).toHaveBeenCalledTimes(1);
    expect(options()).toHaveLength(0);
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(status()).toHaveTextContent("");
  });
});

describe("search box: the suggestions", () => {
  it("shows each hit's title, marked excerpt and image as a link to its url", async () => {
    await typeAndShow("mac", [
      hit("Macbeth", { excerpt: "Explore <mark>Mac</mark>beth &amp; ambition", image: "/static/images/macbeth.jpg" }),
      hit("Macbeth for families"),
    ]);
    const [first, second] = options();
    expect(first).toHaveAttribute("href", "/resources/macbeth/");
    expect(first!.querySelector(".search-box__title")).toHaveTextContent("Macbeth");
    expect(first!.querySelector(".search-box__excerpt")).toHaveTextContent("Explore Macbeth & ambition");
    expect(Array.from(first!.querySelectorAll("mark"), (mark) => mark.textContent)).toEqual(["Mac"]);
    const image = first!.querySelector("img");
    expect(image).toHaveAttribute("src", "/static/images/macbeth.jpg");
    expect(image).toHaveAttribute("alt", "");
    // The image is optional.
    expect(second!.querySelector("img")).toBeNull();
  });

  it("shows markup in a hit as text: only <mark> becomes an element", async () => {
    await typeAndShow("scr", [
      hit("<img src=x onerror=alert(1)>", {
        excerpt: "<script>alert(1)</script> &lt;img src=x onerror=alert(2)&gt; <mark>scr</mark>ipt <b>bold</b>",
        image: "javascript:alert(3)",
      }),
    ]);
    const option = options()[0]!;
    expect(option.querySelectorAll("script, img, b")).toHaveLength(0);
    expect(option.querySelector(".search-box__title")).toHaveTextContent("<img src=x onerror=alert(1)>");
    expect(option.querySelector(".search-box__excerpt")).toHaveTextContent(
      "<script>alert(1)</script> <img src=x onerror=alert(2)> script <b>bold</b>",
    );
    expect(Array.from(option.querySelectorAll("mark"), (mark) => mark.textContent)).toEqual(["scr"]);
  });

  it("announces how many suggestions arrived, politely", async () => {
    const { requests } = await typeAndShow("mac", [hit("Macbeth"), hit("Machinal"), hit("Mac Flecknoe")]);
    expect(status()).toHaveTextContent("3 suggestions available");
    typeInto(combobox(), "b");
    await wait(300);
    await requests[1]!.answer({ hits: [hit("Macbeth")] });
    expect(status()).toHaveTextContent("1 suggestion available");
    typeInto(combobox(), "zz");
    await wait(300);
    await requests[2]!.answer({ hits: [] });
    expect(status()).toHaveTextContent("No suggestions");
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
  });

  it("takes its words from data-i18n-* attributes", async () => {
    const requests = holdRequests();
    mountSearchBox({ i18n: { manySuggestions: "{count} awgrym ar gael", suggestionsLabel: "Awgrymiadau" } });
    typeInto(combobox(), "mac");
    await wait(300);
    await requests[0]!.answer({ hits: [hit("Macbeth"), hit("Machinal")] });
    expect(status()).toHaveTextContent("2 awgrym ar gael");
    expect(screen.getByRole("listbox", { name: "Awgrymiadau" })).toBeVisible();
  });
});

describe("search box: the keyboard (APG combobox)", () => {
  const hits = [hit("Macbeth"), hit("Machinal"), hit("Mac Flecknoe")];

  it("Down and Up move the active option, wrapping, with aria-activedescendant and aria-selected following", async () => {
     await typeAndShow("mac", hits);
    expect(combobox()).toHaveAttribute("aria-expanded", "true");
    expect(listbox()).toBeVisible();
    expect(combobox()).not.toHaveAttribute("aria-activedescendant");

    press("ArrowDown");
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-0");
    expect(options().map((option) => option.getAttribute("aria-selected"))).toEqual(["true", "false", "false"]);
    expect(document.getElementById("site-search-option-0")).toBe(options()[0]);

    press("ArrowDown", "ArrowDown");
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-2");
    press("ArrowDown");
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-0");
    press("ArrowUp");
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-2");
    expect(options()[2]).toHaveAttribute("aria-selected", "true");
    expect(combobox()).toHaveFocus();
  });

  it("Enter opens the active suggestion", async () => {
     await typeAndShow("mac", hits);
    press("ArrowDown", "ArrowDown", "Enter");
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith("/resources/machinal/");
  });

  it("Enter with no active option submits the form to the results page instead", async () => {
     await typeAndShow("mac", hits);
    // Not prevented, so the browser submits the form (jsdom cannot; the e2e journey follows it).
    expect(press("Enter")).toBe(true);
    expect(navigateTo).not.toHaveBeenCalled();
    expect(new FormData(screen.getByRole("search") as HTMLFormElement).get("q")).toBe("mac");
  });

  it("Escape closes the list and keeps the text; a second Escape clears the text", async () => {
     await typeAndShow("mac", hits);
    press("ArrowDown", "Escape");
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(combobox()).not.toHaveAttribute("aria-activedescendant");
    expect(listbox()).not.toBeVisible();
    expect(combobox()).toHaveValue("mac");

    // Down opens the list again on its first option.
    press("ArrowDown");
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-0");
    press("Escape", "Escape");
    expect(combobox()).toHaveValue("");
    expect(options()).toHaveLength(0);
  });

  it("Left and Right with an option active return to the text: the caret moves, nothing is active, the list stays", async () => {
    await typeAndShow("mac", hits);
    press("ArrowDown", "ArrowDown");
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-1");
    // Not prevented, so the browser moves the caret (jsdom cannot; the e2e journey checks the caret).
    expect(press("ArrowLeft")).toBe(true);
    expect(combobox()).not.toHaveAttribute("aria-activedescendant");
    expect(options().map((option) => option.getAttribute("aria-selected"))).toEqual(["false", "false", "false"]);
    expect(combobox()).toHaveAttribute("aria-expanded", "true");
    expect(combobox()).toHaveFocus();
    expect(combobox()).toHaveValue("mac");

    press("ArrowDown");
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-0");
    expect(press("ArrowRight")).toBe(true);
    expect(combobox()).not.toHaveAttribute("aria-activedescendant");
    // Enter now submits the text rather than opening an option.
    expect(press("Enter")).toBe(true);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("Escape while a request waits for quiet drops it", async () => {
    const requests = holdRequests();
    mountSearchBox();
    typeInto(combobox(), "mac");
    press("Escape");
    await wait(1000);
    expect(requests).toHaveLength(0);
  });
});

describe("search box: the pointer", () => {
  const hits = [hit("Macbeth"), hit("Machinal")];

  it("hovering an option makes it the active one", async () => {
    await typeAndShow("mac", hits);
    fireEvent.mouseMove(options()[1]!);
    expect(combobox()).toHaveAttribute("aria-activedescendant", "site-search-option-1");
    expect(options()[1]).toHaveClass("is-active");
  });

  it("clicking an option opens it, and pressing it does not take focus from the input", async () => {
     await typeAndShow("mac", hits);
    const pressed = fireEvent.mouseDown(options()[1]!);
    expect(pressed).toBe(false); // default prevented: the input keeps focus
    expect(combobox()).toHaveFocus();
    fireEvent.click(options()[1]!);
    expect(navigateTo).toHaveBeenCalledExactlyOnceWith("/resources/machinal/");
  });

  it("a Ctrl-click is left to the browser (a new tab)", async () => {
    await typeAndShow("mac", hits);
    const clicked = fireEvent.click(options()[0]!, { ctrlKey: true });
    expect(clicked).toBe(true);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("the list closes when focus leaves the input", async () => {
     await typeAndShow("mac", hits);
    act(() => screen.getByRole("button", { name: "Search" }).focus());
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(listbox()).not.toBeVisible();
  });
});
