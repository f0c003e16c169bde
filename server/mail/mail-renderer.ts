import path from "node:path";
import nunjucks from "nunjucks";

/** A message ready to send: the subject and both bodies. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Variables every mail template can use, besides its own context. */
export interface MailGlobals {
  /** The sender's display name, e.g. "Greyfriars Playhouse". */
  organisationName: string;
  /** The site's public address without a trailing slash. */
  siteUrl: string;
  /** Where people can write for help (STAFF_EMAIL). */
  supportEmail: string;
}

export interface MailRenderer {
  render(template: string, context: object): RenderedMail;
}

/** Template names are plain words (`password-reset`), never paths. */
const templateNamePattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** The first line of every text template: `Subject: …`. */
const subjectLinePattern = /^Subject:[ \t]*(.*)$/;

/**
 * Renders templates/mail/<name>.txt.njk and <name>.html.njk.
 *
 * Convention (docs/mail.md): the text template's first line is
 * `Subject: …`; the rest, after any blank lines, is the text body. The
 * subject is then given to the HTML template as `mailSubject` (for its
 * <title> and heading). Text templates render without HTML escaping (it would
 * put `&amp;` in a plain-text email); HTML templates autoescape everything.
 */
export function createMailRenderer(templatesDir: string, globals: MailGlobals): MailRenderer {
  const loader = new nunjucks.FileSystemLoader(templatesDir);
  const textEnvironment = new nunjucks.Environment(loader, { autoescape: false, throwOnUndefined: true });
  const htmlEnvironment = new nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: true });
  for (const environment of [textEnvironment, htmlEnvironment]) {
    for (const [name, value] of Object.entries(globals)) environment.addGlobal(name, value);
    environment.addFilter("oneline", oneLine);
  }

  return {
    render(template, context) {
      if (!templateNamePattern.test(template)) throw new Error(`Mail template names are lower-case words joined by hyphens, not "${template}".`);
      const file = (kind: "txt" | "html") => path.posix.join("mail", `${template}.${kind}.njk`);
      const { subject, body } = splitSubject(textEnvironment.render(file("txt"), context), template);
      const html = htmlEnvironment.render(file("html"), { ...context, mailSubject: subject });
      return { subject, text: body, html };
    },
  };
}

function splitSubject(rendered: string, template: string): { subject: string; body: string } {
  const newline = rendered.indexOf("\n");
  const firstLine = newline === -1 ? rendered : rendered.slice(0, newline);
  const subject = oneLine(subjectLinePattern.exec(firstLine)?.[1] ?? "");
  if (!subject) throw new Error(`templates/mail/${template}.txt.njk must start with a line "Subject: …".`);
  const body = newline === -1 ? "" : rendered.slice(newline + 1);
  return { subject, body: `${body.replace(/^\s*\n/, "").trimEnd()}\n` };
}

/** Collapses line breaks and runs of spaces: for values placed in the subject line. */
function oneLine(value: unknown): string {
  return String(value ?? "").replace(/\s+/g, " ").trim();
}
