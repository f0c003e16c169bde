import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createViteAssets } from "../../../server/views/vite-assets";

const manifest = {
  "widgets/main.ts": { file: "assets/main-a1b2.js", isEntry: true, imports: ["_runtime-c3d4.js"], css: ["assets/main-e5f6.css"] },
  "_runtime-c3d4.js": { file: "assets/runtime-c3d4.js", imports: ["_react-g7h8.js"] },
  "_react-g7h8.js": { file: "assets/react-g7h8.js" },
  "widgets/accordion/Accordion.tsx": { file: "assets/Accordion-i9j0.js", isDynamicEntry: true, imports: ["_react-g7h8.js"] },
  "static/css/main.css": { file: "assets/main-k1l2.css", isEntry: true },
};

describe("createViteAssets", () => {
  let directory: string;
  let manifestPath: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(os.tmpdir(), "vite-assets-"));
    manifestPath = path.join(directory, "manifest.json");
    writeFileSync(manifestPath, JSON.stringify(manifest));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it("emits the hashed module script, its CSS and a modulepreload for each static import", () => {
    const tags = createViteAssets({ manifestPath }).tagsFor("widgets/main.ts");
    expect(tags).toContain('<script type="module" src="/static/dist/assets/main-a1b2.js"></script>');
    expect(tags).toContain('<link rel="modulepreload" href="/static/dist/assets/runtime-c3d4.js">');
    expect(tags).toContain('<link rel="modulepreload" href="/static/dist/assets/react-g7h8.js">');
    expect(tags).toContain('<link rel="stylesheet" href="/static/dist/assets/main-e5f6.css">');
    // Lazily loaded widget chunks are not preloaded: a page downloads only the widgets it has.
    expect(tags).not.toContain("Accordion");
    expect(tags.match(/react-g7h8/g)).toHaveLength(1);
  });

  it("emits a stylesheet link for the CSS entry", () => {
    expect(createViteAssets({ manifestPath }).tagsFor("static/css/main.css")).toBe(
      '<link rel="stylesheet" href="/static/dist/assets/main-k1l2.css">',
    );
  });

  it("says how to fix an entry missing from the build", () => {
    expect(() => createViteAssets({ manifestPath }).tagsFor("widgets/other.ts")).toThrow(
      '"widgets/other.ts" is not an entry of the Vite build: add it to build.rollupOptions.input in vite.config.ts.',
    );
  });

  it("emits nothing and reports once when the bundle has not been built", () => {
    const reported: string[] = [];
    const assets = createViteAssets({ manifestPath: path.join(directory, "missing.json"), onMissingManifest: (p) => reported.push(p) });
    expect(assets.tagsFor("widgets/main.ts")).toBe("");
    expect(reported).toEqual([path.join(directory, "missing.json")]);
  });

  it("points at the Vite dev server in development, with the React refresh preamble under the nonce", () => {
    const assets = createViteAssets({ manifestPath, devServerUrl: "http://localhost:5173/" });
    const tags = assets.tagsFor("widgets/main.ts", "abc123");
    expect(tags).toContain('<script type="module" src="http://localhost:5173/@vite/client"></script>');
    expect(tags).toContain('<script type="module" src="http://localhost:5173/widgets/main.ts"></script>');
    expect(tags).toContain('<script type="module" nonce="abc123">');
    expect(tags).toContain('import RefreshRuntime from "http://localhost:5173/@react-refresh"');
    expect(assets.tagsFor("static/css/main.css")).toBe('<link rel="stylesheet" href="http://localhost:5173/static/css/main.css">');
  });
});
