import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { oakfield, oakwood, renderScreen, server, wait } from "./school-screen-harness";

const schoolType = () => screen.getByRole("combobox", { name: "School type" });
const search = () => screen.getByRole("combobox", { name: /School name, postcode or URN/ });
const listbox = () => screen.getByRole("listbox", { hidden: true });
const options = () => within(listbox()).queryAllByRole("option", { hidden: true });
const continueButton = () => screen.getByRole("button", { name: "Continue" });

function setup() {
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

/** The error shown for a field, found through its aria-describedby (so the link is checked too). */
function describedErrors(field: HTMLElement): string {
  return (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id))
    .filter((element) => element?.classList.contains("form-error-message"))
    .map((element) => element!.textContent)
    .join(" ");
}

beforeEach(() => {
  // Only the debounce clock is faked; setImmediate stays real so response bodies can be read.
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  // Testing Library drains a setTimeout(0) after each user-event action and only moves a faked clock through `jest`: lend it Vitest's.
  vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

async function searchFor(user: ReturnType<typeof setup>, text: string) {
  await user.type(search(), text);
  await wait(300);
}

describe("schoolTypeAndSearch: the school type", () => {
  it("asks for a valid school type on Continue, focused and linked to the select", async () => {
    server();
    const user = setup();
    const { spy } = renderScreen();
    expect(screen.queryByRole("combobox", { name: /School name/ })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(schoolType()).toHaveFocus();
    expect(describedErrors(schoolType())).toContain("Please select a valid school type.");
    expect(schoolType()).toHaveAttribute("aria-invalid", "true");
    expect(spy.continued).toBe(0);
  });

  it("resetting the selector clears the pathway, the school and the manual input", async () => {
    server();
    const user = setup();
    const { spy } = renderScreen();
    await user.selectOptions(schoolType(), "International School");
    expect(spy.pathway).toBe("international");
    await user.click(screen.getByRole("button", { name: /enter its address/ }));
    await user.type(screen.getByLabelText("School name"), "Lisbon Arts School");
    await user.type(screen.getByLabelText("Address line 1"), "Rua das Flores 12");
    await user.type(screen.getByLabelText("Postcode"), "1200-195");
    expect(spy.school).toMatchObject({ name: "Lisbon Arts School", postalCode: "1200-195", constituentId: null });

    await user.selectOptions(schoolType(), "Choose a school type");
    expect(spy.pathway).toBeNull();
    expect(spy.school).toBeNull();
    await user.selectOptions(schoolType(), "International School");
    expect(search()).toHaveValue("");
    await user.click(screen.getByRole("button", { name: /enter its address/ }));
    expect(screen.getByLabelText("School name")).toHaveValue("");
    expect(screen.getByLabelText("Address line 1")).toHaveValue("");
    expect(screen.getByLabelText("Postcode")).toHaveValue("");
  });
});

describe("schoolTypeAndSearch: the search", () => {
  it("is a labelled APG combobox with the spec's placeholder and a 512-character limit", async () => {
    server();
    const user = setup();
    renderScreen();
    await user.selectOptions(schoolType(), "UK State School (FREE)");
    expect(search()).toHaveAttribute("placeholder", "e.g. My School Name or 123456");
    expect(search()).toHaveAttribute("maxLength", "512");
    expect(search()).toHaveAttribute("aria-autocomplete", "list");
    expect(search()).toHaveAttribute("aria-expanded", "false");
    expect(search()).toHaveAttribute("aria-controls", listbox().id);
  });

  it("searches once, 300 ms after the last keystroke, and shows marks as elements and a <script> as text", async () => {
    const searches = server();
    const user = setup();
    renderScreen({ pathway: "state-school" });
    await user.type(search(), "oa");
    await wait(200);
    await user.type(search(), "k");
    await wait(299);
    expect(searches).toHaveLength(0);
    await wait(1);
    expect(searches.map((request) => request.url)).toEqual(["/account/school-search/?query=oak"]);

    const hostile = { ...oakwood, constituentId: 9, name: "<script>alert(1)</script> Oak", highlightedName: "&lt;script&gt;alert(1)&lt;/script&gt; <mark>Oak</mark>", URN: null };
    await searches[0]!.answer([oakfield, hostile]);
    expect(searches).toHaveLength(1);
    expect(search()).toHaveAttribute("aria-expanded", "true");
    expect(options()).toHaveLength(2);
    const marks = listbox().querySelectorAll("mark");
    expect(Array.from(marks, (mark) => mark.textContent)).toEqual(["Oak", "Oak"]);
    expect(options()[0]).toHaveTextContent("Oakfield Primary School");
    expect(options()[0]).toHaveTextContent("URN 9000001");
    expect(options()[0]).toHaveTextContent("1 Oak Lane, Headingley, Leeds, LS1 1AA");
    expect(options()[1]).toHaveTextContent("<script>alert(1)</script> Oak");
    expect(document.querySelector("script")).toBeNull();
    expect(screen.getByRole("status")).toHaveTextContent("2 schools found");
  });

  it("drops a stale answer that arrives after a newer one", async () => {
    const searches = server();
    const user = setup();
    renderScreen({ pathway: "state-school" });
    await searchFor(user, "oa");
    await searchFor(user, "kw");
    expect(searches.map((request) => request.url)).toEqual(["/account/school-search/?query=oa", "/account/school-search/?query=oakw"]);
    await searches[1]!.answer([oakwood]);
    await searches[0]!.answer([oakfield, oakwood]);
    expect(options()).toHaveLength(1);
    expect(options()[0]).toHaveTextContent("Oakwood Academy");
  });

  it("moves with the arrow keys, chooses with Enter and closes with Escape", async () => {
    const searches = server();
    const user = setup();
    const { spy } = renderScreen({ pathway: "state-school" });
    await searchFor(user, "oak");
    await searches[0]!.answer([oakfield, oakwood]);

    await user.keyboard("{ArrowDown}");
    expect(search()).toHaveAttribute("aria-activedescendant", options()[0]!.id);
    expect(options()[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}");
    expect(search()).toHaveAttribute("aria-activedescendant", options()[1]!.id);
    await user.keyboard("{ArrowDown}");
    expect(search()).toHaveAttribute("aria-activedescendant", options()[0]!.id);
    await user.keyboard("{ArrowUp}");
    expect(search()).toHaveAttribute("aria-activedescendant", options()[1]!.id);
    await user.keyboard("{Escape}");
    expect(search()).toHaveAttribute("aria-expanded", "false");
    expect(search()).not.toHaveAttribute("aria-activedescendant");
    expect(spy.school).toBeNull();

    await user.keyboard("{ArrowDown}{Enter}");
    expect(search()).toHaveValue("Oakfield Primary School");
    expect(search()).toHaveAttribute("aria-expanded", "false");
    expect(spy.school).toMatchObject({ constituentId: 7, name: "Oakfield Primary School", URN: "9000001", type: "state", country: 209 });
    expect(screen.getByText("Selected school")).toBeInTheDocument();
    expect(spy.continued).toBe(0);

    await user.click(continueButton());
    expect(spy.continued).toBe(1);
  });

  it("typing again after a choice clears it", async () => {
    const searches = server();
    const user = setup();
    const { spy } = renderScreen({ pathway: "state-school" });
    await searchFor(user, "oak");
    await searches[0]!.answer([oakfield]);
    await user.click(options()[0]!);
    expect(spy.school?.constituentId).toBe(7);
    await user.type(search(), "x");
    expect(spy.school).toBeNull();
  });

  it("says when nothing is found, with the support address", async () => {
    const searches = server();
    const user = setup();
    renderScreen({ pathway: "independent-school" });
    await searchFor(user, "nowhere");
    await searches[0]!.answer([]);
    expect(screen.getByRole("status")).toHaveTextContent("No schools found");
    expect(screen.getByText(/Check the school type you chose, and try the school's full name or its postcode/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "schools@theatre.example" })).toHaveAttribute("href", "mailto:schools@theatre.example");
  });

  it("asks for a school on Continue when none is chosen, focusing the search", async () => {
    server();
    const user = setup();
    const { spy } = renderScreen({ pathway: "state-school" });
    await user.click(continueButton());
    expect(search()).toHaveFocus();
    expect(describedErrors(search())).toContain("Choose your school from the list, or enter its address yourself.");
    expect(spy.continued).toBe(0);
  });
});

describe("schoolTypeAndSearch: the school typed in by hand", () => {
  async function manualForm(pathway: "international" | "individual" | "independent-school" = "individual") {
    const user = setup();
    const rendered = renderScreen({ pathway });
    // Homeschool asks for the home address straight away; a school is searched for first.
    if (pathway !== "individual") await user.click(screen.getByRole("button", { name: /enter its address/ }));
    await screen.findByLabelText("Country");
    return { user, ...rendered };
  }

  const country = () => screen.getByRole("combobox", { name: "Country" });
  const state = () => screen.queryByRole("combobox", { name: /State or region/ });
  const optionLabels = (select: HTMLElement) => within(select).getAllByRole("option").map((option) => option.textContent);

  it("starts in the United Kingdom; changing the country filters the states", async () => {
    server();
    const { user } = await manualForm();
    expect(country()).toHaveValue("209");
    expect(optionLabels(state()!)).toEqual(["Choose a state or region", "Kent", "Greater London"]);
    await user.selectOptions(country(), "Portugal");
    expect(optionLabels(state()!)).toEqual(["Choose a state or region", "Lisboa"]);
  });

  it("a country without states has no state to choose, and the school's state is null", async () => {
    server();
    const { user, spy } = await manualForm();
    await user.selectOptions(state()!, "Kent");
    await user.selectOptions(country(), "Monaco");
    expect(state()).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Address line 1"), "2 Boulevard des Moulins");
    await user.type(screen.getByLabelText("Town or city"), "Monte Carlo");
    await user.type(screen.getByLabelText("Postcode"), "98000");
    expect(spy.school).toMatchObject({ country: 555, state: null, county: null });
    await user.click(continueButton());
    expect(spy.continued).toBe(1);
  });

  it("choosing a state sets its country", async () => {
    server();
    const { user } = await manualForm();
    await user.selectOptions(country(), "Choose a country");
    expect(optionLabels(state()!)).toEqual(["Choose a state or region", "Kent", "Greater London", "Lisboa"]);
    expect(state()).toHaveAccessibleName("State or region (optional)");
    await user.selectOptions(state()!, "Lisboa");
    expect(country()).toHaveValue("172");
  });

  it("shows each missing required field's error, linked to it, and focuses the first", async () => {
    server();
    const { user, spy } = await manualForm("independent-school");
    await user.click(continueButton());
    expect(screen.getByLabelText("School name")).toHaveFocus();
    expect(describedErrors(screen.getByLabelText("School name"))).toContain("Enter the school's name");
    expect(describedErrors(screen.getByLabelText("Address line 1"))).toContain("Enter the first line of the address");
    expect(describedErrors(screen.getByLabelText("Town or city"))).toContain("Enter the town or city");
    expect(describedErrors(state()!)).toContain("Choose a state or region");
    expect(describedErrors(screen.getByLabelText("Postcode"))).toContain("Enter the postcode");
    expect(spy.continued).toBe(0);

    await user.type(screen.getByLabelText("School name"), "St Mary's School");
    await user.type(screen.getByLabelText("Address line 1"), "4 Church Road");
    await user.type(screen.getByLabelText("Town or city"), "Canterbury");
    await user.click(continueButton());
    expect(state()).toHaveFocus();
    await user.selectOptions(state()!, "Kent");
    await user.type(screen.getByLabelText("Postcode"), "CT1 1AA");
    await user.click(continueButton());
    expect(spy.continued).toBe(1);
    expect(spy.school).toMatchObject({ name: "St Mary's School", addressLine1: "4 Church Road", city: "Canterbury", country: 209, state: 1, county: "Kent", postalCode: "CT1 1AA", type: null });
  });

  it("a homeschool gives its home address: no school search, no school name", async () => {
    server();
    const { user, spy } = await manualForm("individual");
    expect(screen.getByRole("group", { name: "Your home address" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/School name/)).toBeNull();
    expect(screen.queryByRole("button", { name: /Search for my school/ })).toBeNull();
    expect(screen.queryByText(/school's address/)).toBeNull();
    await user.type(screen.getByLabelText("Address line 1"), "9 Elm Street");
    await user.type(screen.getByLabelText("Postcode"), "LS3 3CC");
    expect(spy.school).toMatchObject({ name: "", addressLine1: "9 Elm Street", postalCode: "LS3 3CC" });
  });

  it("says 'Failed to load location data.' when the preload fails", async () => {
    server({ locations: "fail" });
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const user = setup();
    renderScreen({ pathway: "international" });
    await user.click(screen.getByRole("button", { name: /enter its address/ }));
    expect(await screen.findByText("Failed to load location data.")).toBeInTheDocument();
    expect(screen.queryByRole("combobox", { name: "Country" })).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
  });
});
