/** What the runtime loads for this widget, as one chunk: the component and the parse that reads its markup. */
export { default } from "./ConfirmAction";
export { parseConfirmAction as parse } from "./parse";
