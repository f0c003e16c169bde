import { readI18n } from "../../../../widgets/lib/i18n";

describe("readI18n", () => {
  const defaults = { menuLabel: "Menu", closeLabel: "Close" };

  it("returns the English defaults when nothing is overridden", () => {
    expect(readI18n(document.createElement("div"), defaults)).toEqual({ menuLabel: "Menu", closeLabel: "Close" });
  });

  it("overrides a string from data-i18n-<kebab-case key>", () => {
    const root = document.createElement("div");
    root.setAttribute("data-i18n-close-label", "Cau");
    root.setAttribute("data-i18n-menu-label", "Dewislen");
    expect(readI18n(root, defaults)).toEqual({ menuLabel: "Dewislen", closeLabel: "Cau" });
  });

  it("ignores an empty override, so a blank attribute never blanks a button", () => {
    const root = document.createElement("div");
    root.setAttribute("data-i18n-close-label", " ");
    expect(readI18n(root, defaults).closeLabel).toBe("Close");
  });

  it("does not change the defaults object", () => {
    const root = document.createElement("div");
    root.setAttribute("data-i18n-menu-label", "Dewislen");
    readI18n(root, defaults);
    expect(defaults.menuLabel).toBe("Menu");
  });
});
