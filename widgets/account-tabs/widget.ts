/** What the runtime loads for this widget, as one chunk: the component and the parse that reads its markup. */
export { default } from "./AccountTabs";
export { parseAccountTabs as parse } from "./parse";
