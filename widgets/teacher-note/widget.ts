/** What the runtime loads for this widget, as one chunk: the component and the parse that reads its markup. */
export { default } from "./TeacherNote";
export { parseTeacherNote as parse } from "./parse";
