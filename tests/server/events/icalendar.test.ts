import { escapeText, foldLine, formatUtcDateTime, icalendarFileOf } from "../../../server/events/icalendar";

const event = {
  uid: "event-instance-7@playhouse.example",
  stamp: "2026-06-01T12:00:00.000Z",
  start: "2026-07-04T18:30:00.000Z",
  end: "2026-07-04T21:00:00.000Z",
  summary: "Much Ado, About; Nothing \\ again",
  description: "Line one\nLine two",
  location: "Main House, Test Playhouse",
  url: "https://playhouse.example/whats-on/much-ado/",
};

describe("iCalendar files", () => {
  it("escapes backslashes, semicolons, commas and line breaks, and drops control characters", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf\u0007")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("writes UTC date-times in the basic format", () => {
    expect(formatUtcDateTime("2026-07-04T18:30:00.000Z")).toBe("20260704T183000Z");
  });

  it("folds lines at 75 octets without splitting a character", () => {
    const folded = foldLine(`DESCRIPTION:${"é".repeat(60)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(" ")).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join("")).toBe(`DESCRIPTION:${"é".repeat(60)}`);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("builds one VEVENT with CRLF line ends", () => {
    const file = icalendarFileOf(event, { productOwner: "Test Playhouse" });
    expect(file.endsWith("\r\n")).toBe(true);
    expect(file.replace(/\r\n/g, "")).not.toContain("\n");
    const lines = file.split("\r\n");
    expect(lines.slice(0, 6)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test Playhouse//What's On//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "BEGIN:VEVENT"]);
    expect(lines).toContain("DTSTART:20260704T183000Z");
    expect(lines).toContain("DTEND:20260704T210000Z");
    expect(lines).toContain("DTSTAMP:20260601T120000Z");
    expect(lines).toContain("UID:event-instance-7@playhouse.example");
    expect(lines).toContain("SUMMARY:Much Ado\\, About\\; Nothing \\\\ again");
    expect(lines).toContain("DESCRIPTION:Line one\\nLine two");
    expect(lines).toContain("LOCATION:Main House\\, Test Playhouse");
    expect(lines).toContain("URL:https://playhouse.example/whats-on/much-ado/");
    expect(lines.slice(-3)).toEqual(["END:VEVENT", "END:VCALENDAR", ""]);
  });
});
