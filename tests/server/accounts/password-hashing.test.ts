import { hashPassword, verifyPassword } from "../../../server/accounts/password-hashing";

describe("password hashing", () => {
  // One hash at the real cost, shared by the tests that need it.
  let demoHash: string;
  beforeAll(async () => {
    demoHash = await hashPassword("Demo-pass-1!");
  });

  it("stores scrypt parameters, a 16-byte salt and the hash", () => {
    const [scheme, N, r, p, salt, hash] = demoHash.split("$");
    expect([scheme, N, r, p]).toEqual(["scrypt", "131072", "8", "1"]);
    expect(Buffer.from(salt ?? "", "base64")).toHaveLength(16);
    expect(Buffer.from(hash ?? "", "base64")).toHaveLength(32);
    expect(demoHash).not.toContain("Demo-pass-1!");
  });

  it("verifies the right password and rejects others", async () => {
    expect(await verifyPassword("Demo-pass-1!", demoHash)).toBe(true);
    expect(await verifyPassword("demo-pass-1!", demoHash)).toBe(false);
    expect(await verifyPassword("", demoHash)).toBe(false);
  });

  it("salts every hash, so the same password hashes differently", async () => {
    const cheap = { N: 1024, r: 8, p: 1 };
    const first = await hashPassword("same", cheap);
    const second = await hashPassword("same", cheap);
    expect(first).not.toBe(second);
    expect(await verifyPassword("same", first)).toBe(true);
    expect(await verifyPassword("same", second)).toBe(true);
  });

  it("verifies with the parameters stored in the hash", async () => {
    const cheaper = await hashPassword("old-cost", { N: 2048, r: 4, p: 1 });
    expect(cheaper.startsWith("scrypt$2048$4$1$")).toBe(true);
    expect(await verifyPassword("old-cost", cheaper)).toBe(true);
  });

  it("never matches a malformed or hostile stored hash", async () => {
    const [, , , , salt, hash] = demoHash.split("$");
    for (const stored of [
      "",
      "plain-text-password",
      `bcrypt$131072$8$1$${salt}$${hash}`,
      `scrypt$131072$8$1$${salt}`,
      `scrypt$100000$8$1$${salt}$${hash}`,
      `scrypt$1073741824$8$1$${salt}$${hash}`,
      `scrypt$131072$8$1$${salt}$`,
    ]) {
      expect(await verifyPassword("Demo-pass-1!", stored)).toBe(false);
    }
  });
});
