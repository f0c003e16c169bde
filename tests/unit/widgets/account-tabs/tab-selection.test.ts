import { idFromHash, initialTabId, panelIdHolding, tabIndexForKey } from "../../../../widgets/account-tabs/tab-selection";

const tabs = ["profile", "contact", "saved-resources", "school"];

describe("idFromHash", () => {
  it("drops the # and decodes percent-escapes", () => {
    expect(idFromHash("#contact")).toBe("contact");
    expect(idFromHash("#saved%2Dresources")).toBe("saved-resources");
    expect(idFromHash("")).toBe("");
    expect(idFromHash("#%E0%A4%A")).toBe("%E0%A4%A"); // malformed: kept as written
  });
});

describe("initialTabId", () => {
  it("prefers the hash, then the page's initial tab, then the first tab", () => {
    expect(initialTabId(tabs, { hashTarget: "school", initialTab: "contact" })).toBe("school");
    expect(initialTabId(tabs, { hashTarget: null, initialTab: "contact" })).toBe("contact");
    expect(initialTabId(tabs, { hashTarget: "not-a-tab", initialTab: "also-not" })).toBe("profile");
    expect(initialTabId(tabs, { hashTarget: null, initialTab: null })).toBe("profile");
  });
});

describe("tabIndexForKey", () => {
  it("moves right and left with wrapping, and jumps with Home and End", () => {
    expect(tabIndexForKey("ArrowRight", 0, 4)).toBe(1);
    expect(tabIndexForKey("ArrowRight", 3, 4)).toBe(0);
    expect(tabIndexForKey("ArrowLeft", 0, 4)).toBe(3);
    expect(tabIndexForKey("ArrowLeft", 2, 4)).toBe(1);
    expect(tabIndexForKey("Home", 2, 4)).toBe(0);
    expect(tabIndexForKey("End", 0, 4)).toBe(3);
  });

  it("leaves every other key alone (Arrow Down scrolls, Tab leaves the list)", () => {
    for (const key of ["ArrowDown", "ArrowUp", "Tab", "Enter", " "]) expect(tabIndexForKey(key, 1, 4)).toBeNull();
    expect(tabIndexForKey("ArrowRight", 0, 0)).toBeNull();
  });
});

describe("panelIdHolding", () => {
  it("finds the panel whose content holds an element, even outside the document", () => {
    const profile = document.createElement("h2");
    const form = document.createElement("div");
    form.innerHTML = '<form><input id="contact-form-name"></form>';
    const panels = [
      { id: "profile", content: [profile] },
      { id: "contact", content: [document.createTextNode(" "), form] },
    ];
    expect(panelIdHolding(panels, "contact-form-name")).toBe("contact");
    profile.id = "profile-heading";
    expect(panelIdHolding(panels, "profile-heading")).toBe("profile");
    expect(panelIdHolding(panels, "nowhere")).toBeNull();
    expect(panelIdHolding(panels, "")).toBeNull();
  });
});
