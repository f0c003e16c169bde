import { PasswordHasher, HASHING_BUSY_MESSAGE } from "../../../server/accounts/password-hasher";
import { ServiceUnavailableError } from "../../../server/shared/errors";

const cheap = { N: 1024, r: 8, p: 1 };

describe("PasswordHasher", () => {
  it("hashes and verifies", async () => {
    const hasher = new PasswordHasher({ parameters: cheap });
    const hash = await hasher.hash("Demo-pass-1!");
    expect(await hasher.verify("Demo-pass-1!", hash)).toBe(true);
    expect(await hasher.verify("demo-pass-1!", hash)).toBe(false);
  });

  it("verifies unknown accounts against a dummy hash of the same cost, always false", async () => {
    const hasher = new PasswordHasher({ parameters: cheap });
    expect(await hasher.verifyAgainstDummy("not a real password")).toBe(false);
    expect(await hasher.verifyAgainstDummy("anything")).toBe(false);
  });

  it("runs at most `concurrency` hashes at once and queues the rest", async () => {
    const hasher = new PasswordHasher({ concurrency: 1, queueLimit: 5, parameters: { N: 2 ** 14, r: 8, p: 1 } });
    const order: string[] = [];
    const track = (name: string) => hasher.hash(name).then(() => order.push(name));
    await Promise.all([track("first"), track("second"), track("third")]);
    expect(order).toEqual(["first", "second", "third"]);
  });

  it("refuses with 503 once the queue is full, and recovers afterwards", async () => {
    const hasher = new PasswordHasher({ concurrency: 1, queueLimit: 1, parameters: { N: 2 ** 14, r: 8, p: 1 } });
    const running = hasher.hash("one");
    const queued = hasher.hash("two");
    const refused = hasher.hash("three");
    await expect(refused).rejects.toBeInstanceOf(ServiceUnavailableError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 30, message: HASHING_BUSY_MESSAGE });
    await Promise.all([running, queued]);
    await expect(hasher.hash("four")).resolves.toMatch(/^scrypt\$/);
  });
});
