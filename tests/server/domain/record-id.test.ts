import { recordId } from "../../../server/domain/record-id";

describe("recordId", () => {
  it("reads a positive whole number from text or a number", () => {
    expect(recordId("42")).toBe(42);
    expect(recordId(" 42 ")).toBe(42);
    expect(recordId(42)).toBe(42);
    expect(recordId("999999999999999")).toBe(999999999999999);
  });

  it.each(["0", "-1", "1.5", "042", "1e3", "abc", "", "1234567890123456", 0, -3, 1.5, Number.MAX_SAFE_INTEGER + 2, null, undefined, {}, ["1"]])(
    "is no id for %j",
    (value) => {
      expect(recordId(value)).toBeUndefined();
    },
  );
});
