import type { Express } from "express";
import nunjucks from "nunjucks";
import { formatLondonDate } from "../domain/membership-status";
import { shareImageOf, absoluteUrl } from "../seo";
import { jsonScript } from "./json-script";
import type { ViteAssets } from "./vite-assets";
import { addMacroGlobals } from "./macro-globals";

/** What a template function call sees as `this`: nunjucks passes the render context. */
interface TemplateCall {
  ctx?: { cspNonce?: string };
}

/**
 * Nunjucks as Express's view engine: templates from `templatesDir`,
 * autoescaping on, the `json_script` and `londonDate` filters, the `viteTags` global, the
 * macros' own globals (macro-globals.ts), and
 * `absoluteUrl` and `shareImage` for the layout's canonical and sharing tags
 * (docs/seo.md), which need PUBLIC_URL.
 */
export function configureViews(
  app: Express,
  options: { templatesDir: string; viteAssets: ViteAssets; reloadTemplates: boolean; publicUrl: string },
): nunjucks.Environment {
  const loader = new nunjucks.FileSystemLoader(options.templatesDir, { noCache: options.reloadTemplates });
  const env = new nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: false });
  env.addFilter("json_script", (value: unknown) => new nunjucks.runtime.SafeString(jsonScript(value)));
  // An ISO instant as its London date, "3 October 2026" (the back office's lists); empty for none.
  env.addFilter("londonDate", (instant: unknown) => (typeof instant === "string" && instant !== "" ? formatLondonDate(instant) : ""));
  env.addGlobal("viteTags", function viteTags(this: TemplateCall, entry: string) {
    return new nunjucks.runtime.SafeString(options.viteAssets.tagsFor(entry, this.ctx?.cspNonce));
  });
  addMacroGlobals(env);
  env.addGlobal("absoluteUrl", (pathOrUrl: string) => absoluteUrl(options.publicUrl, pathOrUrl));
  env.addGlobal("shareImage", (siteName: string, url?: string | null, alt?: string | null) => shareImageOf(options.publicUrl, siteName, { url, alt }));
  env.express(app);
  app.set("view engine", "njk");
  return env;
}
