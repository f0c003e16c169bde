import {
  COMMON_PASSWORD_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  PASSWORD_TOO_LONG_MESSAGE,
  isCommonPassword,
  passwordProblems,
} from "../../../contracts/rules/password-policy";
import { loadCommonPasswords } from "../../../server/accounts/password-rules";

const common = new Set(["password", "qwerty", "p@ssw0rd", "dragon"]);

describe("passwordProblems", () => {
  it("uses the spec's exact wording", () => {
    expect(PASSWORD_RULE_MESSAGE).toBe(
      "Password must be at least 8 characters long and include uppercase & lowercase letters, a number, and a symbol.",
    );
  });

  it.each(["Demo-pass-1!", "Rehearsal-room-7!", "Ünïcödé-Pässwörd-9", "Sp ace 1a"])("accepts %j", (password) => {
    expect(passwordProblems(password, common)).toEqual([]);
  });

  it.each([
    ["", "empty"],
    ["Ab1!efg", "7 characters"],
    ["abcdefg1!", "no uppercase"],
    ["ABCDEFG1!", "no lowercase"],
    ["Abcdefgh!", "no number"],
    ["Abcdefgh1", "no symbol"],
  ])("refuses %j (%s) with the rule", (password) => {
    expect(passwordProblems(password, common)).toEqual([PASSWORD_RULE_MESSAGE]);
  });

  it("counts characters, not UTF-16 units: seven emoji-bearing characters are too short", () => {
    expect(passwordProblems("Aa1!🎭🎭🎭", common)).toEqual([PASSWORD_RULE_MESSAGE]);
    expect(passwordProblems("Aa1!🎭🎭🎭🎭", common)).toEqual([]);
  });

  it("allows long passphrases and stops only absurd lengths", () => {
    expect(passwordProblems(`Aa1!${"x".repeat(200)}`, common)).toEqual([]);
    expect(passwordProblems(`Aa1!${"x".repeat(300)}`, common)).toEqual([PASSWORD_TOO_LONG_MESSAGE]);
  });

  it("refuses common passwords, ignoring case and decoration at the ends", () => {
    expect(passwordProblems("P@ssw0rd", common)).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(passwordProblems("Password1!", common)).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(passwordProblems("!!Qwerty2024", common)).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(passwordProblems("Dragonfly-9!", common)).toEqual([]);
  });

  it("skips the common check when no list is given", () => {
    expect(passwordProblems("Password1!")).toEqual([]);
  });
});

describe("isCommonPassword", () => {
  it("ignores very short cores, which would refuse too much", () => {
    expect(isCommonPassword("Ab1!", new Set(["ab"]))).toBe(false);
  });
});

describe("the shipped list", () => {
  it("holds about ten thousand lower-case passwords, most common first", async () => {
    const list = await loadCommonPasswords();
    expect(list.size).toBeGreaterThan(9_000);
    expect(list.has("123456")).toBe(true);
    expect(list.has("password")).toBe(true);
    expect([...list].every((entry) => entry === entry.toLowerCase())).toBe(true);
  });
});
