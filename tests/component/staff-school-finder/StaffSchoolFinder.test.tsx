import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { navigateTo } from "../../../widgets/lib/navigate";
import StaffSchoolFinder from "../../../widgets/staff-school-finder/StaffSchoolFinder";
import { parseStaffSchoolFinder } from "../../../widgets/staff-school-finder/parse";
import { readSchools, schoolQuery } from "../../../widgets/staff-school-finder/suggestion-fetcher";
import type { StaffSchoolSuggestion } from "../../../contracts/shapes/staff-schools";
import { fakeServer } from "../support/fake-server";
import { insertMarkup, mountWidget, renderMacro, resetDocument } from "../support/widget-harness";

vi.mock("../../../widgets/lib/navigate", () => ({ navigateTo: vi.fn() }));
configure({ asyncUtilTimeout: 5000 });

const BRISTOL: StaffSchoolSuggestion = { id: 9005, name: "Bristol Primary School", urn: "9000005", town: "Bristol", postcode: "BS1 1AA" };
const BATH: StaffSchoolSuggestion = { id: 9006, name: "Bristol Road Academy", urn: null, town: "Bath", postcode: "BA1 1AA" };

function serve(schools: StaffSchoolSuggestion[] = [BRISTOL, BATH]) {
  return fakeServer((method, url) => (method === "GET" && url.startsWith("/staff/schools/suggestions/?q=") ? { status: 200, body: schools } : { status: 599 }));
}

function mount(q = "") {
  return mountWidget(insertMarkup(renderMacro("staff-school-finder", "staffSchoolFinder", { q }), "staff-school-finder"), parseStaffSchoolFinder, StaffSchoolFinder);
}

const combobox = () => screen.getByRole("combobox", { name: "Name, URN, postcode or email domain" });
const listbox = () => screen.getByRole("listbox", { hidden: true });

afterEach(() => {
  vi.mocked(navigateTo).mockReset();
  resetDocument();
});

describe("staff school finder", () => {
  it("keeps the server form (GET /staff/schools/ with q, the search landmark) and is an APG combobox, collapsed", () => {
    mount("blotting");
    const form = screen.getByRole("search", { name: "Schools" });
    expect(form).toHaveAttribute("action", "/staff/schools/");
    expect(form).toHaveAttribute("method", "get");
    expect(combobox()).toHaveAttribute("name", "q");
    expect(combobox()).toHaveValue("blotting");
    expect(combobox()).toHaveAttribute("aria-autocomplete", "list");
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(combobox()).toHaveAttribute("aria-controls", listbox().id);
    expect(listbox()).not.toBeVisible();
    expect(screen.getByRole("button", { name: "Find schools" })).toHaveAttribute("type", "submit");
  });

  it("asks nothing under two characters, then lists the matching schools with URN, town and postcode, and says how many", async () => {
    const user = userEvent.setup();
    const calls = serve();
    mount();
    await user.type(combobox(), "b");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(calls).toEqual([]);
    await user.type(combobox(), "ri");
    const options = await within(listbox()).findAllByRole("option");
    expect(calls.map((call) => call.url)).toEqual(["/staff/schools/suggestions/?q=bri"]);
    expect(options.map((option) => option.textContent)).toEqual(["Bristol Primary SchoolURN 9000005, Bristol, BS1 1AA", "Bristol Road AcademyEntered by hand, Bath, BA1 1AA"]);
    expect(options[0]).toHaveAttribute("href", "/staff/schools/9005/");
    expect(combobox()).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("status")).toHaveTextContent("2 schools found");
  });

  it("moves the active option with Down / Up (wrapping) through aria-activedescendant, and Enter opens that school's page", async () => {
    const user = userEvent.setup();
    serve();
    mount();
    await user.type(combobox(), "bristol");
    const options = await within(listbox()).findAllByRole("option");
    await user.keyboard("{ArrowDown}");
    expect(combobox()).toHaveAttribute("aria-activedescendant", options[0]!.id);
    expect(options[0]).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{ArrowDown}{ArrowDown}");
    expect(combobox()).toHaveAttribute("aria-activedescendant", options[0]!.id);
    await user.keyboard("{ArrowUp}");
    expect(combobox()).toHaveAttribute("aria-activedescendant", options[1]!.id);
    expect(combobox()).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(navigateTo).toHaveBeenCalledWith("/staff/schools/9006/");
  });

  it("opens a school on a click", async () => {
    const user = userEvent.setup();
    serve();
    mount();
    await user.type(combobox(), "bristol");
    await user.click(await within(listbox()).findByRole("option", { name: /Bristol Primary School/ }));
    expect(navigateTo).toHaveBeenCalledWith("/staff/schools/9005/");
  });

  it("Enter with no option chosen submits the form to the full results", async () => {
    const user = userEvent.setup();
    serve();
    mount();
    const submitted = vi.fn((event: SubmitEvent) => event.preventDefault());
    document.addEventListener("submit", submitted);
    await user.type(combobox(), "bristol");
    await within(listbox()).findAllByRole("option");
    await user.keyboard("{Enter}");
    document.removeEventListener("submit", submitted);
    expect(submitted).toHaveBeenCalledTimes(1);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it("Escape closes the list, a second Escape clears the text", async () => {
    const user = userEvent.setup();
    serve();
    mount();
    await user.type(combobox(), "bristol");
    await within(listbox()).findAllByRole("option");
    await user.keyboard("{ArrowDown}{Escape}");
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
    expect(combobox()).not.toHaveAttribute("aria-activedescendant");
    expect(combobox()).toHaveValue("bristol");
    await user.keyboard("{Escape}");
    expect(combobox()).toHaveValue("");
  });

  it("says when nothing matches, and shows no list", async () => {
    const user = userEvent.setup();
    serve([]);
    mount();
    await user.type(combobox(), "zzzz");
    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent("No schools match"));
    expect(combobox()).toHaveAttribute("aria-expanded", "false");
  });

  it("reads the answer leniently and asks only from two characters", () => {
    expect(schoolQuery(" b ")).toBeNull();
    expect(schoolQuery(" br ")).toBe("br");
    expect(readSchools([BRISTOL, { id: "x", name: "No id" }, { id: 3, name: "" }, { id: 4, name: "Bare" }])).toEqual([
      BRISTOL,
      { id: 4, name: "Bare", urn: null, town: "", postcode: "" },
    ]);
    expect(() => readSchools({ hits: [] })).toThrow();
  });
});
