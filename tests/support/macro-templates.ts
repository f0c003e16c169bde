import path from "node:path";
import nunjucks from "nunjucks";
import { addMacroGlobals } from "../../server/views/macro-globals";

/**
 * The site's templates as the tests that render a macro on its own see them:
 * autoescaped, with the globals the macros call (server/views/macro-globals.ts),
 * as the site's views have them. Vitest runs from the repository root (jsdom
 * gives import.meta.url an http: scheme, so not that).
 */
export function macroTemplates(): nunjucks.Environment {
  return addMacroGlobals(new nunjucks.Environment(new nunjucks.FileSystemLoader(path.resolve("templates")), { autoescape: true }));
}
