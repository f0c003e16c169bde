import iconv from "iconv-lite";
import { EstablishmentFileError } from "./register-file-error";

/*
 * Which encoding a register file is in. The Department publishes Windows-1252;
 * a spreadsheet's "CSV UTF-8" saves UTF-8, with or without a byte order mark.
 * Node's TextDecoder("latin1") and even TextDecoder("windows-1252") decode
 * ISO-8859-1 on current Node (0x92 becomes U+0092, not ’), so Windows-1252
 * goes through iconv-lite, which has the 0x80–0x9F table.
 */

export type RegisterEncoding = "utf-8" | "windows-1252";

export interface SniffedEncoding {
  encoding: RegisterEncoding;
  /** Whether the file starts with a UTF-8 byte order mark (skipped when read). */
  bom: boolean;
  /** For the importer's report: "UTF-8 with a byte order mark", "Windows-1252", … */
  description: string;
}

/** A file that is neither encoding: refused whole, with what to do. */
export class RegisterEncodingError extends EstablishmentFileError {}

/** Bytes Windows-1252 leaves undefined: a file holding one is not Windows-1252. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

const WHAT_TO_DO =
  "Download the establishment CSV again from Get Information About Schools (it is Windows-1252), or save the file from a spreadsheet as \"CSV UTF-8\", and import that.";

/**
 * Reads the file's bytes chunk by chunk (nothing kept) and decides: valid
 * UTF-8 is UTF-8; otherwise Windows-1252, unless a byte it leaves undefined, a
 * NUL or a UTF-16 byte order mark shows the file is neither.
 */
export class EncodingSniffer {
  private utf8 = new TextDecoder("utf-8", { fatal: true });
  private validUtf8 = true;
  private ascii = true;
  private offset = 0;
  private bom = false;
  private notText: string | undefined;
  /** The first byte Windows-1252 leaves undefined: fatal only if the file is not UTF-8 either. */
  private undefinedIn1252: string | undefined;

  push(chunk: Uint8Array): void {
    if (this.offset === 0) {
      if ((chunk[0] === 0xff && chunk[1] === 0xfe) || (chunk[0] === 0xfe && chunk[1] === 0xff)) this.notText ??= 'it is UTF-16 (a spreadsheet\'s "Unicode text")';
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) this.bom = true;
    }
    if (this.notText === undefined) {
      for (let index = 0; index < chunk.length; index++) {
        const byte = chunk[index]!;
        if (byte < 0x80) {
          if (byte === 0) this.notText ??= `byte ${this.offset + index} is NUL`;
          continue;
        }
        this.ascii = false;
        if (this.undefinedIn1252 === undefined && UNDEFINED_IN_1252.has(byte)) {
          this.undefinedIn1252 = `byte ${this.offset + index} (0x${byte.toString(16).toUpperCase()}) is not UTF-8 and has no meaning in Windows-1252`;
        }
      }
    }
    if (this.validUtf8 && !this.ascii) {
      try {
        this.utf8.decode(chunk, { stream: true });
      } catch {
        this.validUtf8 = false;
      }
    }
    this.offset += chunk.length;
  }

  result(): SniffedEncoding {
    if (this.validUtf8 && !this.ascii) {
      try {
        this.utf8.decode();
      } catch {
        this.validUtf8 = false;
      }
    }
    if (this.notText === undefined && !this.validUtf8) this.notText = this.undefinedIn1252;
    if (this.notText !== undefined) throw new RegisterEncodingError(`The file is neither UTF-8 nor Windows-1252: ${this.notText}. ${WHAT_TO_DO}`);
    if (this.validUtf8) {
      const description = this.bom ? "UTF-8 with a byte order mark" : this.ascii ? "UTF-8 (plain ASCII, the same in Windows-1252)" : "UTF-8";
      return { encoding: "utf-8", bom: this.bom, description };
    }
    return { encoding: "windows-1252", bom: false, description: "Windows-1252" };
  }
}

/** The encoding of bytes already in memory (the seed's small file, tests). */
export function sniffEncoding(bytes: Uint8Array): SniffedEncoding {
  const sniffer = new EncodingSniffer();
  sniffer.push(bytes);
  return sniffer.result();
}

/** A streaming decoder: a character split across two chunks is decoded whole. */
export interface TextChunkDecoder {
  write(chunk: Uint8Array): string;
  end(): string;
}

export function decoderFor(sniffed: SniffedEncoding): TextChunkDecoder {
  if (sniffed.encoding === "utf-8") {
    // ignoreBOM false (the default): TextDecoder drops a leading BOM itself.
    const decoder = new TextDecoder("utf-8");
    return { write: (chunk) => decoder.decode(chunk, { stream: true }), end: () => decoder.decode() };
  }
  const decoder = iconv.getDecoder("windows-1252");
  return { write: (chunk) => decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength)), end: () => decoder.end() ?? "" };
}

/** Decodes a whole file held in memory, after sniffing it. */
export function decodeRegisterBytes(bytes: Uint8Array): { text: string; encoding: SniffedEncoding } {
  const encoding = sniffEncoding(bytes);
  const decoder = decoderFor(encoding);
  return { text: decoder.write(bytes) + decoder.end(), encoding };
}
