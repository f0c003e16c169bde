/*
 * iCalendar (RFC 5545) files for "Add to calendar": one VEVENT per file, in
 * UTC, with TEXT values escaped (3.3.11) and long lines folded (3.1). Pure.
 */

export interface CalendarFileEvent {
  /** Globally unique and stable, so re-adding the same instance updates it rather than duplicating it. */
  uid: string;
  /** When the event's information last changed (DTSTAMP). */
  stamp: string;
  /** UTC ISO 8601 instants. */
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  url: string;
}

export interface CalendarFileOptions {
  /** PRODID's owner, e.g. the organisation's name. */
  productOwner: string;
}

const CRLF = "\r\n";
const MAX_LINE_OCTETS = 75;
const encoder = new TextEncoder();

/** 20261123T193000Z */
export function formatUtcDateTime(iso: string): string {
  return new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z").replace(/[-:]/g, "");
}

/** Backslash, semicolon and comma escaped; line breaks as \n; other control characters dropped. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    // TEXT may not hold control characters other than tab (RFC 5545, 3.3.11).
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "");
}

/**
 * Splits a content line into lines of at most 75 octets, each continuation
 * starting with a space. It never splits inside a character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    // A continuation line's leading space counts towards its 75 octets.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

export function icalendarFileOf(event: CalendarFileEvent, options: CalendarFileOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:-//${escapeText(options.productOwner)}//What's On//EN`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${formatUtcDateTime(event.stamp)}`,
    `DTSTART:${formatUtcDateTime(event.start)}`,
    `DTEND:${formatUtcDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    `URL:${event.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
