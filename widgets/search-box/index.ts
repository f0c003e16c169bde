import { defineWidget } from "../runtime/definition";
import { parseSearchBox, type SearchBoxProps } from "./parse";

/** The site search box with suggestions: `data-widget="search-box"` around the search form. */
export const searchBoxWidget = defineWidget<SearchBoxProps>({
  name: "search-box",
  // The plain form works from the first paint; suggestions can wait until the browser is idle.
  hydrate: "idle",
  parse: parseSearchBox,
  load: () => import("./SearchBox"),
});
