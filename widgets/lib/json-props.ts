import { WidgetConfigError } from "./options";

/**
 * Reads a widget's larger data from a direct child
 * `<script type="application/json" data-props>`. The server escapes `<` as
 * \u003c (json_script), so a `</script>` inside a value cannot end the tag.
 * Returns undefined when there is no such script.
 */
export function readJsonProps(root: HTMLElement): unknown | undefined {
  const script = Array.from(root.children).find(
    (child) => child.localName === "script" && child.hasAttribute("data-props"),
  );
  if (!script) return undefined;
  if (script.getAttribute("type") !== "application/json") {
    throw new WidgetConfigError('<script data-props> must have type="application/json"');
  }
  try {
    return JSON.parse(script.textContent ?? "");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new WidgetConfigError(
      `<script type="application/json" data-props> must hold valid JSON (${reason}); render it with the json_script filter`,
    );
  }
}
