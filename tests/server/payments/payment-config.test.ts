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

  it("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, says where to find them, and never echoes them", () => {
    const keys = { STRIPE_SECRET_KEY: "sk_test_abc123", STRIPE_WEBHOOK_SECRET: "whsec_abc123" };
    const stripe = loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", ...keys });
    expect(stripe).toMatchObject({ paymentProvider: "stripe", stripeSecretKey: "sk_test_abc123", stripeWebhookSecret: "whsec_abc123" });
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", STRIPE_WEBHOOK_SECRET: keys.STRIPE_WEBHOOK_SECRET })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe \(.*API keys\)\.$/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: keys.STRIPE_SECRET_KEY })).toThrow(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe \(.*docs\/payments\.md\)\.$/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", ...keys, STRIPE_SECRET_KEY: "pk_test_public" })).toThrow(
      /^Invalid configuration: STRIPE_SECRET_KEY must be a Stripe secret key \(starting "sk_test_" or "sk_live_"\)\.$/,
    );
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: "stripe", ...keys, STRIPE_WEBHOOK_SECRET: "not-a-whsec" })).toThrow(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET must be a Stripe webhook signing secret \(starting "whsec_"\)\.$/,
    );
    // The sandbox does not need them.
    expect(loadConfig(base).stripeSecretKey).toBeUndefined();
  });
});
