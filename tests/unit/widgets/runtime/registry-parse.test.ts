import { widgetRegistry } from "../../../../widgets/registry";

/*
 * A widget's parse is given by its definition or, usually, exported as
 * `parse` from the module its load() imports (widgets/<name>/widget.ts). The
 * types allow either, so this checks every registered widget has one: a
 * widget.ts that forgot it would otherwise fail only in a browser.
 */
describe("the widget registry", () => {
  it.each(widgetRegistry.map((definition) => [definition.name, definition] as const))("%s has a parse", async (_name, definition) => {
    const parse = definition.parse ?? (await definition.load()).parse;
    expect(typeof parse).toBe("function");
  });
});
