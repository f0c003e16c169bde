import { brotliDecompressSync } from "node:zlib";
import { jsonAnswerPerValue } from "../../../server/cache/answer-per-value";
import { compressAnswer, MIN_COMPRESSED_BYTES } from "../../../server/cache/compressed-answer";

describe("compressAnswer", () => {
  it("keeps an answer under the threshold as it is, with no compressed copy to choose", () => {
    const small = compressAnswer(Buffer.from('{"hits":[]}'), "application/json; charset=utf-8");
    expect(small.codings).toEqual([]);
    expect(Object.keys(small.bodies)).toEqual(["identity"]);
    expect(small.bytes).toBe(11);
  });

  it("tags each body with Express's weak ETag when asked, and each its own", () => {
    const raw = Buffer.from("x".repeat(MIN_COMPRESSED_BYTES));
    const answer = compressAnswer(raw, "text/plain", "weak");
    expect(answer.codings).toEqual(["br", "gzip"]);
    expect(brotliDecompressSync(answer.bodies.br!).equals(raw)).toBe(true);
    for (const tag of Object.values(answer.etags)) expect(tag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]+"$/);
    expect(new Set(Object.values(answer.etags)).size).toBe(3);
  });
});

describe("jsonAnswerPerValue", () => {
  it("builds the answer once per object, and anew for another object", () => {
    let built = 0;
    const answerOf = jsonAnswerPerValue((hits: readonly string[]) => {
      built++;
      return { hits };
    });
    const hits = ["a", "b"];
    expect(answerOf(hits)).toBe(answerOf(hits));
    expect(built).toBe(1);
    expect(answerOf(["a", "b"]).bodies.identity.toString()).toBe('{"hits":["a","b"]}');
    expect(built).toBe(2);
  });
});
