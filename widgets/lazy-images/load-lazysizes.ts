import { lazySizesConfigFor, type LazySizesConfig } from "./lazysizes-config";

type LazySizes = typeof import("lazysizes");

declare global {
  interface Window {
    lazySizesConfig?: LazySizesConfig;
  }
}

let loading: Promise<LazySizes> | undefined;

/**
 * Configures lazysizes, then imports it (once per page, however many roots
 * there are). The import comes second on purpose: lazysizes reads its config
 * as its module runs. It then watches every img.lazyload on the page.
 */
export function loadLazySizes(): Promise<LazySizes> {
  loading ??= (async () => {
    window.lazySizesConfig = lazySizesConfigFor(window.lazySizesConfig);
    const module = await import("lazysizes");
    return module.default;
  })().catch((error: unknown) => {
    loading = undefined; // so a root mounted later can try again
    throw error;
  });
  return loading;
}
