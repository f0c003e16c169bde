/*
 * The params a resource page gives the teacherNote and shareDialog macros
 * (templates/macros/teacher-note.njk, share-dialog.njk; server/resources/resource-tools.ts),
 * for one example: note 7, "Freeze-frames", on Macbeth (resource 42), with no
 * note and no share links yet. Tests spread them and override what they vary.
 */

export const noteParams = {
  activityId: 7,
  activityTitle: "Freeze-frames",
  userKey: "17",
  content: "",
  csrfToken: "token-1",
  returnPath: "/resources/macbeth/#note-7",
};

export const shareParams = {
  pageUrl: "/resources/macbeth/share/",
  resourceId: 42,
  resourceType: "lesson-plan",
  resourceTitle: "Macbeth",
  studentLink: "",
  teacherLink: "",
  studentToken: "",
  teacherToken: "",
  csrfToken: "token-1",
};
