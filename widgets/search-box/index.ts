import { defineWidget } from "../runtime/definition";
import type { SearchBoxProps } from "./parse";

/** The site search box with suggestions: `data-widget="search-box"` around the search form. */
export const searchBoxWidget = defineWidget<SearchBoxProps>({
  name: "search-box",
  // The plain form works from the first paint; the suggestions' code comes when the visitor reaches for
  // the box (pointer over, touch, focus), so no page downloads it before any interaction (docs/performance.md).
  hydrate: "interaction",
  load: () => import("./widget"),
});
