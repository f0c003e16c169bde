/** What the runtime loads for this widget, as one chunk: the component and the parse that reads its markup. */
export { default } from "./StaffSchoolFinder";
export { parseStaffSchoolFinder as parse } from "./parse";
