import { request } from "node:http";

/** What a browser sends: the bench's requests ask for compressed answers the same way. */
export const browserAcceptEncoding = "br, gzip";

export interface RawAnswer {
  status: number;
  /** As received, less the per-connection ones (Date, Connection, Keep-Alive, Transfer-Encoding). */
  headers: Record<string, string | string[]>;
  /** The body as it came over the wire (compressed, when it was). */
  body: Buffer;
  /** Bytes on the wire: the status line and headers, then the body. */
  transferredBytes: number;
  contentEncoding: string;
}

const perConnection = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** One GET over node:http, nothing decoded, so the byte counts are what travelled. */
export function fetchRaw(url: string, headers: Record<string, string> = { "Accept-Encoding": browserAcceptEncoding }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        // The status line; each header name followed by ": " and each value by CRLF; the blank line after them.
        const headerBytes = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + res.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) + 2;
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(res.headers)) if (value !== undefined && !perConnection.has(name)) kept[name] = value;
        resolve({
          status: res.statusCode ?? 0,
          headers: kept,
          body,
          transferredBytes: headerBytes + body.length,
          contentEncoding: String(res.headers["content-encoding"] ?? "identity"),
        });
      });
      res.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}
