import { http } from "../lib/http";

/** Fetches a caption URL's markup; null when it cannot be had (the item's own caption then stays). */
export type LoadCaption = (url: string) => Promise<string | null>;

/**
 * Caption markup fetched per item (the spec's "fetched from a per-item URL";
 * lightGallery's subHtmlUrl). We fetch it ourselves rather than let
 * lightGallery do it, because lightGallery would show an error page's HTML as
 * the caption. Each URL is fetched once per page; a failure is logged and
 * not retried, so flicking back and forth does not hammer the server.
 */
export function createCaptionLoader(fetchText: (url: string) => Promise<unknown> = fetchCaptionText): LoadCaption {
  const captions = new Map<string, Promise<string | null>>();
  return (url) => {
    let caption = captions.get(url);
    if (!caption) {
      caption = fetchText(url).then(
        (body) => (typeof body === "string" ? body : null),
        (error: unknown) => {
          console.error(`Could not load the caption from ${url}; showing the item's own caption instead.`, error);
          return null;
        },
      );
      captions.set(url, caption);
    }
    return caption;
  };
}

// http.get hands back the body as text when the server does not label it JSON, as an HTML fragment is not.
function fetchCaptionText(url: string): Promise<unknown> {
  return http.get<unknown>(url);
}
