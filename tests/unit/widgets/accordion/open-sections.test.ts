import { initialOpenSections, toggleSection } from "../../../../widgets/accordion/open-sections";

describe("initialOpenSections", () => {
  it("opens the sections the markup marks open", () => {
    expect(initialOpenSections([false, true, true], false)).toEqual([false, true, true]);
  });

  it("keeps only the first marked section open when single-open", () => {
    expect(initialOpenSections([false, true, true], true)).toEqual([false, true, false]);
    expect(initialOpenSections([false, false], true)).toEqual([false, false]);
  });
});

describe("toggleSection", () => {
  it("opens and closes one section, leaving the others as they are", () => {
    expect(toggleSection([true, false, false], 1, false)).toEqual([true, true, false]);
    expect(toggleSection([true, true, false], 0, false)).toEqual([false, true, false]);
  });

  it("closes the others when opening a section of a single-open accordion", () => {
    expect(toggleSection([true, false, false], 2, true)).toEqual([false, false, true]);
  });

  it("lets the open section of a single-open accordion close", () => {
    expect(toggleSection([false, true, false], 1, true)).toEqual([false, false, false]);
  });

  it("does not change the array it is given", () => {
    const state = [false, false];
    toggleSection(state, 0, false);
    expect(state).toEqual([false, false]);
  });
});
