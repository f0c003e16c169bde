/*
 * The files a resource may offer to download (docs/content.md, "Resource
 * media"), by extension: the media type sent with the file and the name a
 * visitor reads beside the link ("PDF, 12 KB").
 */

const DOWNLOAD_TYPES = {
  pdf: { mediaType: "application/pdf", name: "PDF" },
  docx: { mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", name: "Word document" },
  pptx: { mediaType: "application/vnd.openxmlformats-officedocument.presentationml.presentation", name: "PowerPoint presentation" },
  xlsx: { mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", name: "Excel spreadsheet" },
  odt: { mediaType: "application/vnd.oasis.opendocument.text", name: "OpenDocument text" },
  zip: { mediaType: "application/zip", name: "ZIP archive" },
} as const;

export const DOWNLOAD_EXTENSIONS = Object.keys(DOWNLOAD_TYPES);

/** The media type of a file by its name's extension; undefined for a kind of file the site does not offer. */
export function downloadMediaTypeOf(fileName: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  return (DOWNLOAD_TYPES as Record<string, { mediaType: string }>)[extension]?.mediaType;
}

/** "PDF, 12 KB": the kind of file and its size, in the units a visitor expects (1 KB = 1,024 bytes). */
export function downloadDescriptionOf(mediaType: string, bytes: number): string {
  const name = Object.values(DOWNLOAD_TYPES).find((type) => type.mediaType === mediaType)?.name ?? "File";
  return `${name}, ${fileSizeLabelOf(bytes)}`;
}

export function fileSizeLabelOf(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MB`;
}
