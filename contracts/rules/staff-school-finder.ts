/*
 * The back office's school finder typeahead (docs/back-office.md, "Islands"):
 * what the widget and GET /staff/schools/suggestions/ both apply.
 */

/** Text shorter than this (after trimming) asks nothing: the widget sends no request and the server answers []. */
export const SCHOOL_SUGGESTIONS_SHORTEST_QUERY = 2;

/** The most schools one answer holds. */
export const SCHOOL_SUGGESTIONS_MOST = 8;
