import { noteParams as note, shareParams } from "../../support/resource-tools-params";
import { macroTemplates } from "../../support/macro-templates";

/*
 * The no-JavaScript markup of the resource page's tools (issue 13):
 * templates/macros/teacher-note.njk, tools-panel.njk and share-dialog.njk,
 * rendered as a page renders them. The widgets' tests mount the same markup.
 */
const templates = macroTemplates();

function render(file: string, macro: string, params: object): string {
  return templates.renderString(`{% from "macros/${file}.njk" import ${macro} %}{{ ${macro}(params) }}`, { params });
}

const hostile = `<script>alert("x")</script> & "quotes"`;
const escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;";

describe("teacherNote", () => {
  it("is a form that posts content, _csrf and next to the save path", () => {
    const html = render("teacher-note", "teacherNote", note);
    expect(html).toContain('<form class="teacher-note__form" method="post" action="/resources/notes/7/save/">');
    expect(html).toContain('<input type="hidden" name="_csrf" value="token-1">');
    expect(html).toContain('<input type="hidden" name="next" value="/resources/macbeth/#note-7">');
    expect(html).toMatch(/<textarea class="form-textarea teacher-note__field" id="note-7-content" name="content" rows="6"><\/textarea>/);
    expect(html).toContain('<label class="form-label teacher-note__label" for="note-7-content">Your notes on “Freeze-frames”</label>');
    expect(html).toContain('data-widget="teacher-note"');
    expect(html).toContain('id="note-7"');
    expect(html).toContain('data-user-key="17"');
    expect(html).toContain('data-has-note="false"');
    expect(html).not.toContain("maxlength");
    // No note, nothing to delete.
    expect(html).not.toContain("/delete/");
  });

  it("adds a Delete note form (with _csrf) when a note exists", () => {
    const html = render("teacher-note", "teacherNote", { ...note, content: "Mine" });
    expect(html).toContain('data-has-note="true"');
    const deleteForm = /<form class="teacher-note__delete-form" method="post" action="\/resources\/notes\/7\/delete\/">[\s\S]*?<\/form>/.exec(html)?.[0];
    expect(deleteForm).toBeDefined();
    expect(deleteForm).toContain('name="_csrf" value="token-1"');
    expect(deleteForm).toContain("Delete note");
  });

  it("escapes the note, the title and the draft: text, never markup", () => {
    const html = render("teacher-note", "teacherNote", { ...note, activityTitle: hostile, content: hostile });
    expect(html).not.toContain("<script>");
    expect(html).toContain(`>${escaped}</textarea>`);
    expect(html).toContain(`Your notes on “${escaped}”`);
    const withDraft = render("teacher-note", "teacherNote", { ...note, content: "Saved", draft: hostile, error: "Note content cannot be empty." });
    expect(withDraft).not.toContain("<script>");
    expect(withDraft).toContain(`>${escaped}</textarea>`);
  });

  it("shows a refused post's error linked to the field and keeps what was typed", () => {
    const html = render("teacher-note", "teacherNote", { ...note, draft: "   ", error: "Note content cannot be empty." });
    expect(html).toContain('<p class="form-error-message teacher-note__error" id="note-7-content-error"><span class="visually-hidden">Error: </span>Note content cannot be empty.</p>');
    expect(html).toContain('aria-describedby="note-7-content-error" aria-invalid="true">   </textarea>');
  });
});

const share = { ...shareParams, studentLink: "https://example.org/resources/shared/abc/", studentToken: "abc" };

describe("shareDialog", () => {
  it("is a link to the share page carrying the known links for the widget", () => {
    const html = render("share-dialog", "shareDialog", share);
    expect(html).toContain('<a class="pill-button share-dialog-control__open" href="/resources/macbeth/share/">Share');
    expect(html).toContain('data-widget="share-dialog"');
    expect(html).toContain('data-student-link="https://example.org/resources/shared/abc/"');
    expect(html).toContain('data-teacher-link=""');
    expect(html).toContain('data-student-token="abc"');
    expect(html).toContain('data-resource-id="42"');
  });

  it("escapes the title", () => {
    const html = render("share-dialog", "shareDialog", { ...share, resourceTitle: hostile });
    expect(html).not.toContain("<script>");
    expect(html).toContain(`data-resource-title="${escaped}"`);
  });
});

describe("toolsPanel", () => {
  const tools = {
    id: "tools",
    save: { resourceId: 42, resourceType: "lesson-plan", title: hostile, saved: false, signedIn: true, returnPath: "/resources/macbeth/", csrfToken: "token-1" },
    share,
    notesHref: "#resource-activities",
    notesCount: 3,
  };

  it("is an open, labelled section with Save, Share, a hidden Print and the notes link", () => {
    const html = render("tools-panel", "toolsPanel", tools);
    expect(html).toContain('<section class="tools-panel" id="tools" data-widget="tools-panel" aria-labelledby="tools-title">');
    expect(html).toContain('<h2 class="tools-panel__title" id="tools-title">Tools</h2>');
    expect(html).toMatch(/<button type="button" class="[^"]*tools-panel__toggle" aria-expanded="false" aria-controls="tools-body" hidden>/);
    expect(html).toContain('<div class="tools-panel__body" id="tools-body">');
    expect(html).not.toMatch(/id="tools-body"[^>]*hidden/);
    expect(html).toContain('data-widget="save-resource"');
    expect(html).toContain('action="/account/save-resource/"');
    expect(html).toContain('data-widget="share-dialog"');
    expect(html).toContain('<button type="button" class="pill-button tools-panel__print" hidden data-tools-print>Print</button>');
    expect(html).toContain('<a class="pill-button tools-panel__notes" href="#resource-activities">Your notes (3)</a>');
    expect(html).not.toContain("<script>");
  });

  it("leaves Share and the notes link out when not given", () => {
    const html = render("tools-panel", "toolsPanel", { ...tools, share: null, notesHref: null });
    expect(html).not.toContain('data-widget="share-dialog"');
    expect(html).not.toContain("Your notes");
  });
});
