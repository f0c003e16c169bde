import { parseSearchBox } from "../../../../widgets/search-box/parse";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootFrom(html: string): HTMLElement {
  const host = document.createElement("div");
  host.innerHTML = html;
  return host.firstElementChild as HTMLElement;
}

describe("parseSearchBox", () => {
  it("reads the form, the field, its label and the options from the markup", () => {
    const root = rootFrom(`
      <div data-widget="search-box" data-variant="header" data-autocomplete-url="/api/suggest/" data-i18n-no-suggestions="Dim awgrymiadau">
        <form role="search" aria-label="Chwilio'r wefan" method="get" action="/chwilio/">
          <label for="q1">Chwilio</label>
          <input type="search" id="q1" name="q" value="hamlet" placeholder="Chwilio">
          <button type="submit"><svg aria-hidden="true"></svg><span>Ewch</span></button>
        </form>
      </div>`);
    expect(parseSearchBox(root)).toMatchObject({
      variant: "header",
      autocompleteUrl: "/api/suggest/",
      action: "/chwilio/",
      landmarkLabel: "Chwilio'r wefan",
      inputId: "q1",
      inputName: "q",
      query: "hamlet",
      placeholder: "Chwilio",
      label: "Chwilio",
      submitLabel: "Ewch",
      strings: { noSuggestions: "Dim awgrymiadau", manySuggestions: "{count} suggestions available" },
    });
  });

  it("defaults to the page variant and /search/autocomplete/", () => {
    const root = rootFrom(`<div data-widget="search-box"><form action="/search/"><label for="q2">Search</label><input type="search" id="q2" name="q"></form></div>`);
    expect(parseSearchBox(root)).toMatchObject({ variant: "page", autocompleteUrl: "/search/autocomplete/" });
  });

  it("explains what is missing", () => {
    expect(() => parseSearchBox(rootFrom(`<div data-widget="search-box"></div>`))).toThrow(WidgetConfigError);
    expect(() => parseSearchBox(rootFrom(`<div data-widget="search-box"><form><input type="search" name="q"></form></div>`))).toThrow(/id/);
    expect(() => parseSearchBox(rootFrom(`<div data-widget="search-box" data-variant="footer"><form><input type="search" id="x" name="q"></form></div>`))).toThrow(/data-variant/);
  });
});
