import type { Express } from "express";
import nunjucks from "nunjucks";
import { shareImageOf, absoluteUrl } from "../seo";
import { jsonScript } from "./json-script";
import type { ViteAssets } from "./vite-assets";
import { registerWizardAttributes } from "../../contracts/rules/register-wizard-settings";
import { PASSWORD_HINT, PASSWORD_MINIMUM_LENGTH } from "../../contracts/rules/password-policy";

/** What a template function call sees as `this`: nunjucks passes the render context. */
interface TemplateCall {
  ctx?: { cspNonce?: string };
}

/**
 * Nunjucks as Express's view engine: templates from `templatesDir`,
 * autoescaping on, the `json_script` filter, the `viteTags` and
 * `registerWizardAttributes` globals, and
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
  env.addGlobal("viteTags", function viteTags(this: TemplateCall, entry: string) {
    return new nunjucks.runtime.SafeString(options.viteAssets.tagsFor(entry, this.ctx?.cspNonce));
  });
  // One password rule for every new-password field (contracts/rules/password-policy.ts): its hint and length.
  env.addGlobal("passwordPolicy", { hint: PASSWORD_HINT, minimumLength: PASSWORD_MINIMUM_LENGTH });
  // The register wizard's data-* attributes, from the schema its widget reads (macros/register-wizard.njk).
  env.addGlobal("registerWizardAttributes", registerWizardAttributes);
  env.addGlobal("absoluteUrl", (pathOrUrl: string) => absoluteUrl(options.publicUrl, pathOrUrl));
  env.addGlobal("shareImage", (siteName: string, url?: string | null, alt?: string | null) => shareImageOf(options.publicUrl, siteName, { url, alt }));
  env.express(app);
  app.set("view engine", "njk");
  return env;
}
