import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/*
 * Issue 23, "Plain copy": people are asked to "Sign in" (and "Sign out"),
 * never to "log in" or "login", in every template and widget. The spec's
 * exact messages keep their wording where the spec puts them (accounts spec,
 * section 8; public-site spec, section 8), so they alone are allowed.
 */

const specMessages = [
  "The email address you entered is already associated with an account. Please log in or try again with another email address.",
  "Login failed. Please check your credentials and try again.",
  "An error occurred while logging in. Please try again.",
  "You must be logged in to save resources.",
];

const loginWording = /\blog(?:ged|ging)?[ -]?(?:in|out)\b|\blog(?:in|out)\b/i;

function filesUnder(folder: string, extensions: readonly string[]): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && extensions.some((extension) => entry.name.endsWith(extension)))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

const withoutSpecMessages = (text: string) => specMessages.reduce((rest, message) => rest.replaceAll(message, ""), text);

/** A template's visible prose: no comments, no code samples, no tags (paths, classes, widget names), no Nunjucks code. */
function templateText(source: string): string {
  return source
    .replace(/\{#[\s\S]*?#\}/g, " ")
    .replace(/<code>[\s\S]*?<\/code>/g, " ")
    .replace(/\{%[\s\S]*?%\}/g, " ")
    .replace(/\{\{[\s\S]*?\}\}/g, " ")
    .replace(/<[^>]*>/g, " ")
    // An address shown as a link's text (/account/login/) is a path, not wording.
    .replace(/(^|\s)\/\S*/g, " ");
}

/** A widget's sentences: string literals with a space in them (code identifiers and paths have none). */
function widgetSentences(source: string): string[] {
  const literals = source.match(/"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g) ?? [];
  const jsxText = source.match(/>[^<>{}=;()]*[A-Za-z][^<>{}=;()]*</g) ?? [];
  return [...literals, ...jsxText].filter((text) => text.includes(" "));
}

describe("Sign in, never log in, in what people read", () => {
  it("templates/ say Sign in and Sign out, except in the spec's exact messages", () => {
    const offending = filesUnder("templates", [".njk"]).flatMap((file) => {
      const text = withoutSpecMessages(templateText(readFileSync(file, "utf8")));
      return text.split("\n").filter((line) => loginWording.test(line)).map((line) => `${file}: ${line.trim()}`);
    });
    expect(offending).toEqual([]);
  });

  it("widgets/ say Sign in and Sign out, except in the spec's exact messages", () => {
    const offending = filesUnder("widgets", [".ts", ".tsx"]).flatMap((file) =>
      widgetSentences(withoutSpecMessages(readFileSync(file, "utf8")))
        .filter((sentence) => loginWording.test(sentence))
        .map((sentence) => `${file}: ${sentence}`),
    );
    expect(offending).toEqual([]);
  });

  it("finds the wording it is looking for (so a pass means something)", () => {
    expect(loginWording.test(templateText("<p>Please log in to continue</p>"))).toBe(true);
    expect(loginWording.test(templateText('<a href="/account/login/">Sign in</a>'))).toBe(false);
    expect(widgetSentences('const label = "Login to save";').some((sentence) => loginWording.test(sentence))).toBe(true);
    expect(widgetSentences('<button type="submit">Log out</button>').some((sentence) => loginWording.test(sentence))).toBe(true);
  });
});
