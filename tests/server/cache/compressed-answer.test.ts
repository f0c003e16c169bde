import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { jsonAnswerPerValue } from "../../../server/cache/answer-per-value";
import { compressAnswer, MIN_COMPRESSED_BYTES, ON_DEMAND_UNCOMPRESSED_BYTES } from "../../../server/cache/compressed-answer";

describe("compressAnswer", () => {
  it("keeps an answer under the threshold as it is, with no compressed copy to choose", () => {
    const small = compressAnswer(Buffer.from('{"hits":[]}'), "application/json; charset=utf-8");
    expect(small.codings).toEqual([]);
    expect(small.representation("identity").body.toString()).toBe('{"hits":[]}');
    expect(small.bytes).toBe(11);
  });

  it("tags each body with Express's weak ETag when asked, and each its own", () => {
    const raw = Buffer.from("x".repeat(MIN_COMPRESSED_BYTES));
    const answer = compressAnswer(raw, "text/plain", "weak");
    expect(answer.codings).toEqual(["br", "gzip"]);
    expect(brotliDecompressSync(answer.representation("br").body).equals(raw)).toBe(true);
    const tags = (["identity", "br", "gzip"] as const).map((encoding) => answer.representation(encoding).etag);
    for (const tag of tags) expect(tag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]+"$/);
    expect(new Set(tags).size).toBe(3);
  });

  it("makes every copy at once when eager, and on demand only the copy a request asks for, then keeps it", () => {
    const raw = Buffer.from(JSON.stringify({ hits: Array.from({ length: 400 }, (_, at) => ({ name: `School ${at}` })) }));
    const eager = compressAnswer(raw, "application/json", "weak");
    const onDemand = compressAnswer(raw, "application/json", "weak", "on-demand");
    expect(raw.length).toBeGreaterThan(ON_DEMAND_UNCOMPRESSED_BYTES);
    expect(eager.bytes).toBeGreaterThan(raw.length);
    expect(onDemand.bytes).toBe(0);
    const gzip = onDemand.representation("gzip");
    expect(gzip.encoding).toBe("gzip");
    expect(onDemand.bytes).toBe(gzip.body.length);
    expect(gunzipSync(gzip.body).equals(raw)).toBe(true);
    expect(onDemand.representation("gzip")).toBe(gzip);
    // A later request in another encoding gets its own copy, correct and tagged as Express would tag it.
    const br = onDemand.representation("br");
    expect(brotliDecompressSync(br.body).equals(raw)).toBe(true);
    expect(onDemand.bytes).toBe(gzip.body.length + br.body.length);
    expect(onDemand.representation("identity").etag).toBe(eager.representation("identity").etag);
    expect(gzip.etag).toBe(eager.representation("gzip").etag);
  });

  it("sends a small on-demand answer as it is the first time an encoding is asked for, and compressed from the second", () => {
    const raw = Buffer.from(JSON.stringify({ hits: Array.from({ length: 100 }, (_, at) => ({ name: `School ${at}` })) }));
    expect(raw.length).toBeGreaterThan(MIN_COMPRESSED_BYTES);
    expect(raw.length).toBeLessThan(ON_DEMAND_UNCOMPRESSED_BYTES);
    const answer = compressAnswer(raw, "application/json", "weak", "on-demand");
    expect(answer.codings).toEqual(["br", "gzip"]);
    const first = answer.representation("br");
    expect(first.encoding).toBe("identity");
    expect(first.body.equals(raw)).toBe(true);
    expect(answer.bytes).toBe(raw.length);
    const second = answer.representation("br");
    expect(second.encoding).toBe("br");
    expect(brotliDecompressSync(second.body).equals(raw)).toBe(true);
    expect(answer.representation("br")).toBe(second);
    // Each encoding counts its own asks: gzip's first is still the bytes as they are.
    expect(answer.representation("gzip").encoding).toBe("identity");
    expect(answer.representation("gzip").encoding).toBe("gzip");
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
    expect(answerOf(["a", "b"]).representation("identity").body.toString()).toBe('{"hits":["a","b"]}');
    expect(built).toBe(2);
  });
});
