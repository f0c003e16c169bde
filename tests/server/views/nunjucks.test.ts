import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import { configureViews } from "../../../server/views/nunjucks";

describe("configureViews", () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), "views-"));
    mkdirSync(path.join(directory, "pages"));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  function render(template: string, context: Record<string, unknown>): string {
    writeFileSync(path.join(directory, "pages", "test.njk"), template);
    const calls: { entry: string; nonce?: string }[] = [];
    const env = configureViews(express(), {
      templatesDir: directory,
      reloadTemplates: true,
      publicUrl: "https://www.example.org",
      viteAssets: {
        tagsFor: (entry, nonce) => {
          calls.push({ entry, nonce });
          return `<script type="module" src="/static/dist/${entry}"></script>`;
        },
      },
    });
    return env.render("pages/test.njk", context) + (calls.length ? `\n${JSON.stringify(calls)}` : "");
  }

  it("escapes output by default", () => {
    expect(render("<p>{{ title }}</p>", { title: '<script>alert("x")</script>' })).toBe(
      "<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</p>",
    );
  });

  it("puts JSON safely into a script element with json_script", () => {
    const html = render('<script type="application/json" data-props>{{ props | json_script }}</script>', {
      props: { caption: "</script><script>alert(1)</script>" },
    });
    expect(html).toBe('<script type="application/json" data-props>{"caption":"\\u003C/script\\u003E\\u003Cscript\\u003Ealert(1)\\u003C/script\\u003E"}</script>');
  });

  it("offers viteTags as raw HTML, passing the response's CSP nonce", () => {
    const html = render('{{ viteTags("widgets/main.ts") }}', { cspNonce: "n0nce" });
    expect(html).toContain('<script type="module" src="/static/dist/widgets/main.ts"></script>');
    expect(html).toContain('[{"entry":"widgets/main.ts","nonce":"n0nce"}]');
  });
});
