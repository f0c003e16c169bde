import { readFileSync } from "node:fs";

/** One entry of Vite's build manifest (static/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ViteAssetsOptions {
  manifestPath: string;
  /** URL prefix the built files are served under. */
  publicBase?: string;
  /** Set by `npm run dev`: tags point at the Vite dev server instead of the build. */
  devServerUrl?: string;
  /** Called once when the build is missing: pages then work without JavaScript. */
  onMissingManifest?: (manifestPath: string) => void;
}

export interface ViteAssets {
  /**
   * HTML tags for a Vite entry: a stylesheet link for a CSS entry; for a
   * JavaScript entry its module script, modulepreload links for the chunks it
   * imports statically, and the CSS it pulls in. `nonce` is needed only in
   * development, for the React refresh preamble.
   */
  tagsFor(entry: string, nonce?: string): string;
}

export function createViteAssets(options: ViteAssetsOptions): ViteAssets {
  if (options.devServerUrl) return devServerAssets(options.devServerUrl.replace(/\/$/, ""));
  const manifest = readManifest(options.manifestPath);
  if (!manifest) {
    options.onMissingManifest?.(options.manifestPath);
    return { tagsFor: () => "" };
  }
  return builtAssets(manifest, options.publicBase ?? "/static/dist/");
}

function readManifest(manifestPath: string): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`Could not read the Vite manifest ${manifestPath}: rebuild with npm run build.`, { cause: error });
  }
}

function builtAssets(manifest: Manifest, base: string): ViteAssets {
  const url = (file: string) => escapeAttribute(base + file);
  return {
    tagsFor(entry) {
      const chunk = manifest[entry];
      if (!chunk) {
        throw new Error(`"${entry}" is not an entry of the Vite build: add it to build.rollupOptions.input in vite.config.ts.`);
      }
      if (chunk.file.endsWith(".css")) return `<link rel="stylesheet" href="${url(chunk.file)}">`;
      const imported = staticImports(manifest, entry);
      const stylesheets = [...new Set([chunk, ...imported].flatMap((each) => each.css ?? []))];
      return [
        ...stylesheets.map((file) => `<link rel="stylesheet" href="${url(file)}">`),
        `<script type="module" src="${url(chunk.file)}"></script>`,
        ...imported.map((each) => `<link rel="modulepreload" href="${url(each.file)}">`),
      ].join("\n");
    },
  };
}

/** Every chunk an entry imports statically, directly or through other chunks, each once. */
function staticImports(manifest: Manifest, entry: string): ManifestChunk[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    for (const imported of manifest[key]?.imports ?? []) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      visit(imported);
    }
  };
  visit(entry);
  return [...seen].flatMap((key) => manifest[key] ?? []);
}

function devServerAssets(origin: string): ViteAssets {
  return {
    tagsFor(entry, nonce) {
      const source = escapeAttribute(`${origin}/${entry}`);
      if (entry.endsWith(".css")) return `<link rel="stylesheet" href="${source}">`;
      // @vitejs/plugin-react needs this preamble before any component module
      // when the HTML is not served by Vite (its backend-integration guide).
      const preamble = [
        `import RefreshRuntime from "${origin}/@react-refresh";`,
        "RefreshRuntime.injectIntoGlobalHook(window);",
        "window.$RefreshReg$ = () => {};",
        "window.$RefreshSig$ = () => (type) => type;",
        "window.__vite_plugin_react_preamble_installed__ = true;",
      ].join("\n");
      return [
        `<script type="module"${nonce ? ` nonce="${escapeAttribute(nonce)}"` : ""}>\n${preamble}\n</script>`,
        `<script type="module" src="${escapeAttribute(origin)}/@vite/client"></script>`,
        `<script type="module" src="${source}"></script>`,
      ].join("\n");
    },
  };
}

function escapeAttribute(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
