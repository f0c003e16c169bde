import { checkNoteContent, NOTE_EMPTY_MESSAGE, NOTE_MAX_LENGTH, NOTE_TOO_LONG_MESSAGE } from "../../../server/domain/teacher-note-content";

describe("checkNoteContent", () => {
  it.each([["empty", ""], ["blank", "  \n\t "], ["missing", undefined], ["not text", 42]])("refuses %s content", (_case, value) => {
    expect(checkNoteContent(value)).toMatchObject({ ok: false, message: NOTE_EMPTY_MESSAGE });
    expect(NOTE_EMPTY_MESSAGE).toBe("Note content cannot be empty.");
  });

  it("keeps the text as typed, with CRLF read as LF before counting", () => {
    expect(checkNoteContent("  Warm up first\r\nthen freeze ")).toEqual({ ok: true, content: "  Warm up first\nthen freeze " });
    expect(checkNoteContent(`${"a".repeat(NOTE_MAX_LENGTH - 1)}\r\n`)).toMatchObject({ ok: true });
  });

  it("allows exactly 10,000 characters and refuses one more, keeping the text", () => {
    expect(checkNoteContent("x".repeat(10_000))).toMatchObject({ ok: true });
    const over = checkNoteContent("x".repeat(10_001));
    expect(over).toEqual({ ok: false, message: NOTE_TOO_LONG_MESSAGE, content: "x".repeat(10_001) });
    expect(NOTE_TOO_LONG_MESSAGE).toBe("Notes can be at most 10,000 characters. Shorten this note and save again.");
  });
});
