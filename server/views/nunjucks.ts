import type { Express } from "express";
import nunjucks from "nunjucks";
import { jsonScript } from "./json-script";
import type { ViteAssets } from "./vite-assets";

/** What a template function call sees as `this`: nunjucks passes the render context. */
interface TemplateCall {
  ctx?: { cspNonce?: string };
}

/**
 * Nunjucks as Express's view engine: templates from `templatesDir`,
 * autoescaping on, the `json_script` filter and the `viteTags` global.
 */
export function configureViews(
  app: Express,
  options: { templatesDir: string; viteAssets: ViteAssets; reloadTemplates: boolean },
): nunjucks.Environment {
  const loader = new nunjucks.FileSystemLoader(options.templatesDir, { noCache: options.reloadTemplates });
  const env = new nunjucks.Environment(loader, { autoescape: true, throwOnUndefined: false });
  env.addFilter("json_script", (value: unknown) => new nunjucks.runtime.SafeString(jsonScript(value)));
  env.addGlobal("viteTags", function viteTags(this: TemplateCall, entry: string) {
    return new nunjucks.runtime.SafeString(options.viteAssets.tagsFor(entry, this.ctx?.cspNonce));
  });
  env.express(app);
  app.set("view engine", "njk");
  return env;
}
