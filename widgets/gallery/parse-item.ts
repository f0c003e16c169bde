import { childNodesOf } from "../lib/dom";
import { readOptions, WidgetConfigError } from "../lib/options";

/** An HTML5 video, in lightGallery's `data-video` shape. */
export interface GalleryVideo {
  source: { src: string; type: string }[];
  /** <track> attributes (captions, subtitles): src, kind, srclang, label… */
  tracks: Record<string, string>[];
}

/**
 * One gallery item: the spec's fields (src, thumb, alt, subHtml, poster,
 * video, iframe, srcset, sizes, downloadUrl) plus what the widget needs to
 * re-render the item without losing the page's own nodes.
 */
export interface GalleryItem {
  /** The link's href: where the item goes without JavaScript (the full image, the video file, the page). */
  href: string;
  /** The lightbox media: an image, an iframe page or a YouTube / Vimeo address. Absent for an HTML5 video. */
  src?: string;
  /** The thumbnail strip's image. */
  thumb: string;
  alt: string;
  /** Caption markup for the lightbox (trusted, page-authored HTML). */
  subHtml: string;
  /** A URL whose response is the caption markup, fetched when the slide opens. */
  subHtmlUrl?: string;
  poster?: string;
  video?: GalleryVideo;
  iframe: boolean;
  iframeTitle?: string;
  srcset?: string;
  sizes?: string;
  /** Where the download button points; false hides it; absent means src. */
  downloadUrl?: string | false;
  /** The link's page-authored content (the thumbnail), moved into the widget. */
  mediaNodes: Node[];
  /** The figcaption's page-authored content, moved into the widget. */
  captionNodes: Node[];
}

const linkOptions = { iframe: { type: "boolean", default: false } } as const;

/**
 * Reads one `.gallery__item`: a `.gallery__link` (lightGallery's data-*
 * names on it) around the thumbnail <img>, and an optional `.gallery__caption`.
 */
export function parseGalleryItem(item: HTMLElement, position: number): GalleryItem {
  const where = `gallery item ${position}`;
  const link = item.querySelector<HTMLAnchorElement>("a.gallery__link");
  const href = link?.getAttribute("href")?.trim();
  if (!link || !href) {
    throw new WidgetConfigError(
      `${where} needs an <a class="gallery__link" href="…"> pointing at the full image or video, so it works without JavaScript`,
    );
  }
  const image = link.querySelector("img");
  const alt = image?.getAttribute("alt")?.trim() ?? "";
  if (!image || alt === "") {
    throw new WidgetConfigError(`${where} needs an <img alt="…"> inside its link: the alt text names the link and the slide`);
  }
  const video = link.hasAttribute("data-video") ? parseVideo(link.getAttribute("data-video") ?? "", where) : undefined;
  const dataSrc = optional(link, "data-src");
  if (video && dataSrc) {
    throw new WidgetConfigError(
      `${where} has both data-video and data-src: use data-video for a video file, data-src for a YouTube or Vimeo address`,
    );
  }
  const caption = item.querySelector<HTMLElement>(".gallery__caption");
  const media = link.querySelector<HTMLElement>(":scope > .gallery__media");
  const downloadUrl = optional(link, "data-download-url");
  return {
    href,
    src: dataSrc ?? (video ? undefined : href),
    thumb: optional(link, "data-thumb") ?? image.getAttribute("src") ?? "",
    alt,
    subHtml: optional(link, "data-sub-html") ?? caption?.innerHTML.trim() ?? "",
    subHtmlUrl: optional(link, "data-sub-html-url"),
    poster: optional(link, "data-poster"),
    video,
    iframe: readOptions(link, linkOptions).iframe,
    iframeTitle: optional(link, "data-iframe-title"),
    srcset: optional(link, "data-srcset"),
    sizes: optional(link, "data-sizes"),
    downloadUrl: downloadUrl === "false" ? false : downloadUrl,
    mediaNodes: childNodesOf(media ?? link),
    captionNodes: childNodesOf(caption),
  };
}

function optional(element: Element, attribute: string): string | undefined {
  const value = element.getAttribute(attribute)?.trim();
  return value ? value : undefined;
}

const videoExample = `{"source":[{"src":"/media/trailer.webm","type":"video/webm"}]}`;

function parseVideo(json: string, where: string): GalleryVideo {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new WidgetConfigError(`${where}: data-video must be JSON like ${videoExample}`);
  }
  const source = isRecord(value) ? value.source : undefined;
  if (!Array.isArray(source) || source.length === 0 || !source.every(isVideoSource)) {
    throw new WidgetConfigError(`${where}: data-video needs a "source" list of { "src", "type" }, like ${videoExample}`);
  }
  const tracks = isRecord(value) && value.tracks !== undefined ? value.tracks : [];
  if (!Array.isArray(tracks) || !tracks.every(isStringRecord)) {
    throw new WidgetConfigError(`${where}: data-video "tracks" must be a list of <track> attributes, like {"src":"/media/captions.vtt","kind":"captions","srclang":"en","label":"English"}`);
  }
  return { source: source.map(({ src, type }) => ({ src, type })), tracks };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isVideoSource(value: unknown): value is { src: string; type: string } {
  return isRecord(value) && typeof value.src === "string" && value.src !== "" && typeof value.type === "string";
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === "string");
}
