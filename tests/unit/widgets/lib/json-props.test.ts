import { readJsonProps } from "../../../../widgets/lib/json-props";
import { WidgetConfigError } from "../../../../widgets/lib/options";

function rootWithHtml(html: string): HTMLElement {
  const root = document.createElement("div");
  root.innerHTML = html;
  return root;
}

describe("readJsonProps", () => {
  it("parses the direct child <script type=application/json data-props>", () => {
    const root = rootWithHtml('<script type="application/json" data-props>{"items":[1,2]}</script><p>x</p>');
    expect(readJsonProps(root)).toEqual({ items: [1, 2] });
  });

  it("returns undefined when there is no props script", () => {
    expect(readJsonProps(rootWithHtml("<p>no data</p>"))).toBeUndefined();
  });

  it("ignores a props script that belongs to a nested widget", () => {
    const root = rootWithHtml('<div data-widget="inner"><script type="application/json" data-props>{"a":1}</script></div>');
    expect(readJsonProps(root)).toBeUndefined();
  });

  it("reads a </script> payload escaped as the json_script filter does", () => {
    const payload = { title: "</script><script>alert(1)</script>", note: "A & B > C" };
    const escaped = JSON.stringify(payload).replace(/</g, "\\u003c").replace(/>/g, "\\u003e").replace(/&/g, "\\u0026");
    const root = rootWithHtml(`<script type="application/json" data-props>${escaped}</script>`);
    expect(root.querySelectorAll("script")).toHaveLength(1);
    expect(readJsonProps(root)).toEqual(payload);
  });

  it("throws a WidgetConfigError that says how to fix bad JSON", () => {
    const root = rootWithHtml('<script type="application/json" data-props>{bad</script>');
    expect(() => readJsonProps(root)).toThrow(WidgetConfigError);
    expect(() => readJsonProps(root)).toThrow(/must hold valid JSON.*json_script/);
  });

  it("refuses a props script that is not JSON", () => {
    const root = rootWithHtml('<script type="text/plain" data-props>{}</script>');
    expect(() => readJsonProps(root)).toThrow('must have type="application/json"');
  });
});
