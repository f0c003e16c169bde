import { loadConfig } from "../../../server/config";

const base = { NODE_ENV: "test", SESSION_SECRET: "s".repeat(40) };

describe("payment configuration", () => {
  it("defaults to the sandbox, with a webhook key derived from the session secret but not equal to it", () => {
    const config = loadConfig(base);
    expect(config.paymentProvider).toBe("sandbox");
    expect(config.paymentWebhookSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(config.paymentWebhookSecret).not.toBe(base.SESSION_SECRET);
    expect(loadConfig({ ...base, SESSION_SECRET: "t".repeat(40) }).paymentWebhookSecret).not.toBe(config.paymentWebhookSecret);
  });

  it("uses PAYMENT_WEBHOOK_SECRET when set, and refuses a short one or an unknown provider without echoing the secret", () => {
    expect(loadConfig({ ...base, PAYMENT_WEBHOOK_SECRET: "w".repeat(32) }).paymentWebhookSecret).toBe("w".repeat(32));
    expect(() => loadConfig({ ...base, PAYMENT_WEBHOOK_SECRET: "short-secret" })).toThrow(/^Invalid configuration: PAYMENT_WEBHOOK_SECRET must be at least 32 characters[^"]*\.$/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "paypal" })).toThrow(/PAYMENT_PROVIDER must be "sandbox"/);
  });
});
