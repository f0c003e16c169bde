import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EstablishmentFileError, parseGiasEstablishments } from "../../../server/schools/gias-establishments";
import { decodeRegisterBytes, RegisterEncodingError, sniffEncoding } from "../../../server/schools/register-encoding";
import { readRegisterFile } from "../../../server/schools/register-file";
import { giasFile, giasRow } from "./register-file";

/** Windows-1252's 0x80–0x9F, as the standard defines it (the five undefined bytes left out). */
const TABLE_1252: Record<number, string> = {
  0x80: "€", 0x82: "‚", 0x83: "ƒ", 0x84: "„", 0x85: "…", 0x86: "†", 0x87: "‡", 0x88: "ˆ", 0x89: "‰", 0x8a: "Š", 0x8b: "‹", 0x8c: "Œ", 0x8e: "Ž",
  0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—", 0x98: "˜", 0x99: "™", 0x9a: "š", 0x9b: "›", 0x9c: "œ", 0x9e: "ž", 0x9f: "Ÿ",
};

describe("the register file's encoding", () => {
  it("decodes Windows-1252's 0x80–0x9F exactly (0x92 is ’, not the C1 control U+0092)", () => {
    const bytes = Buffer.from([...Object.keys(TABLE_1252).map(Number), 0xe9, 0xe2]);
    const { text, encoding } = decodeRegisterBytes(bytes);
    expect(encoding).toMatchObject({ encoding: "windows-1252", description: "Windows-1252" });
    expect(text).toBe(`${Object.values(TABLE_1252).join("")}éâ`);
    expect(decodeRegisterBytes(Buffer.from([0x41, 0x92, 0x73])).text).toBe("A’s");
    expect(text).not.toMatch(/[\u0080-\u009f]/);
  });

  it("reads a register file in Windows-1252 with curly apostrophes, quotes and dashes as the characters they are", () => {
    const file = giasFile([
      giasRow("140001", "St Mary’s Catholic Primary School – Bath"),
      giasRow("140002", "The “Good Shepherd” School…", { Town: "Bishop’s Stortford" }),
    ]);
    expect(file.includes(0x92)).toBe(true);
    const parsed = parseGiasEstablishments(file);
    expect(parsed.encoding.encoding).toBe("windows-1252");
    expect(parsed.establishments.map((school) => school.name)).toEqual(["St Mary’s Catholic Primary School – Bath", "The “Good Shepherd” School…"]);
    expect(parsed.establishments[1]?.town).toBe("Bishop’s Stortford");
  });

  it("reads UTF-8 without a byte order mark as UTF-8, not as mojibake", () => {
    const parsed = parseGiasEstablishments(giasFile([giasRow("140001", "St Mary’s School"), giasRow("140002", "Ysgol Llandâf")], "utf-8"));
    expect(parsed.encoding).toMatchObject({ encoding: "utf-8", bom: false, description: "UTF-8" });
    expect(parsed.establishments.map((school) => school.name)).toEqual(["St Mary’s School", "Ysgol Llandâf"]);
  });

  it("reads UTF-8 with a byte order mark, finding the URN column", () => {
    const parsed = parseGiasEstablishments(giasFile([giasRow("140001", "St Mary’s School")], "utf-8-bom"));
    expect(parsed.encoding).toMatchObject({ encoding: "utf-8", bom: true, description: "UTF-8 with a byte order mark" });
    expect(parsed.problems).toEqual([]);
    expect(parsed.establishments).toEqual([expect.objectContaining({ urn: "140001", name: "St Mary’s School" })]);
  });

  it("refuses a file that is neither, saying what to do", () => {
    // 0x81 has no meaning in Windows-1252, and alone it is not UTF-8.
    const undefinedByte = Buffer.concat([giasFile([giasRow("140001", "Abbey School")]), Buffer.from([0x22, 0x81, 0x22, 0x0d, 0x0a])]);
    expect(() => parseGiasEstablishments(undefinedByte)).toThrow(RegisterEncodingError);
    expect(() => parseGiasEstablishments(undefinedByte)).toThrow(/neither UTF-8 nor Windows-1252: byte \d+ \(0x81\).*CSV UTF-8/);
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('"URN"\r\n', "utf16le")]);
    expect(() => sniffEncoding(utf16)).toThrow(/UTF-16.*Get Information About Schools/);
    expect(new RegisterEncodingError("x")).toBeInstanceOf(EstablishmentFileError);
  });

  it("calls plain ASCII UTF-8, which reads the same either way", () => {
    expect(sniffEncoding(Buffer.from('"URN"\r\n"140001"\r\n'))).toMatchObject({ encoding: "utf-8", description: expect.stringContaining("ASCII") });
  });
});

describe("reading the register file as a stream", () => {
  let directory: string;
  beforeAll(() => {
    directory = mkdtempSync(path.join(tmpdir(), "register-file-"));
  });
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it.each(["windows-1252", "utf-8", "utf-8-bom"] as const)("hands over %s rows in batches, whole across chunk boundaries", async (encoding) => {
    // 3000 rows of about 250 bytes: many 64 KB chunks, each boundary falling somewhere inside a row or a character.
    const rows = Array.from({ length: 3000 }, (_, index) =>
      giasRow(String(140000 + index), `St Mary’s “Église” School – ${"é".repeat(index % 7)} ${index}`, {
        "EstablishmentStatus (name)": index % 10 === 9 ? "Closed" : "Open",
        Locality: "line one\r\nline two",
      }),
    );
    const file = path.join(directory, `${encoding}.csv`);
    writeFileSync(file, giasFile(rows, encoding));
    const batches: number[] = [];
    const names: string[] = [];
    const closed: string[] = [];
    const progress: number[] = [];
    const report = await readRegisterFile(file, {
      batch: async (batch) => {
        batches.push(batch.open.length + batch.notOpenUrns.length);
        names.push(...batch.open.map((school) => school.name));
        closed.push(...batch.notOpenUrns);
      },
      progress: ({ bytesRead, totalBytes }) => progress.push(bytesRead / totalBytes),
    });
    expect(report).toMatchObject({ rows: 3000, problemCount: 0, encoding: { encoding: encoding === "windows-1252" ? "windows-1252" : "utf-8" } });
    expect(batches).toEqual([1000, 1000, 1000]);
    expect(names).toHaveLength(2700);
    expect(names[0]).toBe("St Mary’s “Église” School –  0");
    expect(names.at(-1)).toBe(`St Mary’s “Église” School – ${"é".repeat(2998 % 7)} 2998`);
    expect(closed).toHaveLength(300);
    expect(progress.length).toBeGreaterThan(5);
    expect(progress.at(-1)).toBe(1);
  });

  it("refuses a file without the register's columns before handing over any batch", async () => {
    const file = path.join(directory, "wrong.csv");
    writeFileSync(file, "Name,Town\r\nA,B\r\n");
    const batch = vi.fn(async () => undefined);
    await expect(readRegisterFile(file, { batch })).rejects.toThrow(/"URN"/);
    expect(batch).not.toHaveBeenCalled();
  });
});
