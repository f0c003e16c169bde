import { readOptions, WidgetConfigError } from "../../../../widgets/lib/options";

function rootWith(attributes: Record<string, string>): HTMLElement {
  const root = document.createElement("div");
  for (const [name, value] of Object.entries(attributes)) root.setAttribute(name, value);
  return root;
}

const schema = {
  singleOpen: { type: "boolean", default: false },
  perPage: { type: "number", default: 12, min: 1, max: 50 },
  heading: { type: "string", default: "Events" },
  layout: { type: "enum", values: ["grid", "list"] as const, default: "grid" },
} as const;

describe("readOptions", () => {
  it("uses every default when no data-* attribute is present", () => {
    expect(readOptions(rootWith({}), schema)).toEqual({ singleOpen: false, perPage: 12, heading: "Events", layout: "grid" });
  });

  it("reads camelCase keys from kebab-case data attributes", () => {
    const root = rootWith({
      "data-single-open": "true",
      "data-per-page": "24",
      "data-heading": "What's on",
      "data-layout": "list",
    });
    expect(readOptions(root, schema)).toEqual({ singleOpen: true, perPage: 24, heading: "What's on", layout: "list" });
  });

  it("treats a bare boolean attribute as true and \"false\" as false", () => {
    expect(readOptions(rootWith({ "data-single-open": "" }), schema).singleOpen).toBe(true);
    expect(readOptions(rootWith({ "data-single-open": "false" }), schema).singleOpen).toBe(false);
  });

  it("names the attribute when a boolean is not true or false", () => {
    expect(() => readOptions(rootWith({ "data-single-open": "yes" }), schema)).toThrow(
      new WidgetConfigError('data-single-open must be "true" or "false", got "yes"'),
    );
  });

  it("names the attribute when a number is not a whole number", () => {
    expect(() => readOptions(rootWith({ "data-per-page": "x" }), schema)).toThrow(
      'data-per-page must be a whole number, got "x"',
    );
    expect(() => readOptions(rootWith({ "data-per-page": "2.5" }), schema)).toThrow(WidgetConfigError);
  });

  it("enforces a number's min and max", () => {
    expect(() => readOptions(rootWith({ "data-per-page": "0" }), schema)).toThrow(
      'data-per-page must be at least 1, got "0"',
    );
    expect(() => readOptions(rootWith({ "data-per-page": "51" }), schema)).toThrow(
      'data-per-page must be at most 50, got "51"',
    );
  });

  it("lists the allowed values when an enum value is unknown", () => {
    expect(() => readOptions(rootWith({ "data-layout": "masonry" }), schema)).toThrow(
      'data-layout must be one of "grid", "list", got "masonry"',
    );
  });

  it("keeps a string exactly as written", () => {
    expect(readOptions(rootWith({ "data-heading": "  A & B <i>  " }), schema).heading).toBe("  A & B <i>  ");
  });
});
