import { compressJsonAnswer, type CompressedAnswer } from "./compressed-answer";

/**
 * The JSON answer for a value that a versioned cache hands out again and
 * again as the same object (server/cache/versioned-cache.ts: search hits),
 * serialised once per object, and compressed once per object in each encoding
 * a request asks for (most are sent once, in one), not once per request. A new
 * object (the content changed, or the cache dropped it) is a new answer; an
 * old one goes with its object.
 */
export function jsonAnswerPerValue<T extends object>(answerOf: (value: T) => unknown): (value: T) => CompressedAnswer {
  const answers = new WeakMap<T, CompressedAnswer>();
  return (value) => {
    let answer = answers.get(value);
    if (answer === undefined) {
      answer = compressJsonAnswer(answerOf(value), "weak", "on-demand");
      answers.set(value, answer);
    }
    return answer;
  };
}
