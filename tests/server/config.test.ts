import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError, loadConfig, readEnvironment } from "../../server/config";

const secret = "a-test-secret-that-is-long-enough-0123456789";

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig({ SESSION_SECRET: secret, ...env });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error("expected loadConfig to throw");
}

describe("loadConfig", () => {
  it("has working defaults for a fresh machine", () => {
    const config = loadConfig({ SESSION_SECRET: secret });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBe("sqlite:var/site.sqlite");
    expect(config.redisUrl).toBeUndefined();
    expect(config.crmEnv).toBe("test");
    expect(config.nodeEnv).toBe("development");
    expect(config.logLevel).toBe("info");
    expect(config.trustProxy).toBe(false);
    expect(config.sessionIdleMinutes).toBe(120);
    expect(config.sessionAbsoluteHours).toBe(336);
    expect(config.buildOnStart).toBe(true);
  });

  it("derives the public URL from PORT and makes cookies Secure only for https", () => {
    expect(loadConfig({ SESSION_SECRET: secret, PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
    const https = loadConfig({ SESSION_SECRET: secret, PUBLIC_URL: "https://www.example.org/" });
    expect(https.publicUrl).toBe("https://www.example.org");
    expect(https.publicOrigin).toBe("https://www.example.org");
    expect(https.secureCookies).toBe(true);
  });

  it("reads every typed value", () => {
    const config = loadConfig({
      SESSION_SECRET: secret,
      DATABASE_URL: "postgresql://app@db.internal/site",
      REDIS_URL: "redis://cache:6379",
      CRM_ENV: "production",
      NODE_ENV: "test",
      TRUST_PROXY: "2",
      SESSION_IDLE_MINUTES: "30",
      SESSION_ABSOLUTE_HOURS: "12.5",
      BUILD_ON_START: "false",
      VITE_DEV_SERVER_URL: "http://localhost:5173",
    });
    expect(config).toMatchObject({
      databaseUrl: "postgresql://app@db.internal/site",
      redisUrl: "redis://cache:6379",
      crmEnv: "production",
      logLevel: "silent",
      trustProxy: 2,
      sessionIdleMinutes: 30,
      sessionAbsoluteHours: 12.5,
      buildOnStart: false,
      viteDevServerUrl: "http://localhost:5173",
    });
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: "true" }).trustProxy).toBe(true);
    expect(loadConfig({ SESSION_SECRET: secret, TRUST_PROXY: "loopback" }).trustProxy).toBe("loopback");
  });

  it("reads the fault settings, with their defaults (docs/faults.md)", () => {
    expect(loadConfig({ SESSION_SECRET: secret })).toMatchObject({
      databaseConnectTimeoutMs: 5000,
      databaseStatementTimeoutMs: 30000,
      crmTimeoutMs: 5000,
      crmBreakerErrorPercent: 50,
      crmBreakerMinCalls: 5,
      crmBreakerResetMs: 30000,
      redisCommandTimeoutMs: 2000,
    });
    expect(loadConfig({ SESSION_SECRET: secret, DATABASE_STATEMENT_TIMEOUT_MS: "0", CRM_TIMEOUT_MS: "800", REDIS_COMMAND_TIMEOUT_MS: "500" })).toMatchObject({
      databaseStatementTimeoutMs: 0,
      crmTimeoutMs: 800,
      redisCommandTimeoutMs: 500,
    });
    expect(() => loadConfig({ SESSION_SECRET: secret, CRM_BREAKER_ERROR_PERCENT: "150" })).toThrow(/CRM_BREAKER_ERROR_PERCENT must be a whole number from 1 to 100/);
    // 0 would mean "wait forever", the hang this setting exists to prevent.
    expect(() => loadConfig({ SESSION_SECRET: secret, REDIS_COMMAND_TIMEOUT_MS: "0" })).toThrow(/REDIS_COMMAND_TIMEOUT_MS must be a whole number from 50 to 60000/);
  });

  it("treats an empty value as unset", () => {
    expect(loadConfig({ SESSION_SECRET: secret, PORT: "", REDIS_URL: " " })).toMatchObject({ port: 3000, redisUrl: undefined });
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "70000").'],
    [{ PUBLIC_URL: "example.org" }, 'Invalid configuration: PUBLIC_URL must be an http:// or https:// URL (got "example.org").'],
    [{ CRM_ENV: "staging" }, 'Invalid configuration: CRM_ENV must be "test" or "production" (got "staging").'],
    [{ NODE_ENV: "prod" }, 'Invalid configuration: NODE_ENV must be "development", "test" or "production" (got "prod").'],
    [{ LOG_LEVEL: "loud" }, "Invalid configuration: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent"],
    [{ SESSION_IDLE_MINUTES: "-5" }, 'Invalid configuration: SESSION_IDLE_MINUTES must be a positive number (got "-5").'],
    [{ BUILD_ON_START: "maybe" }, 'Invalid configuration: BUILD_ON_START must be "true" or "false" (got "maybe").'],
  ])("rejects %o with one line naming the variable", (env, message) => {
    const error = configError(env);
    expect(error).toContain(message);
    expect(error).not.toContain("\n");
  });

  it("names the variable but never repeats a secret value", () => {
    const databaseError = configError({ DATABASE_URL: "mysql://admin:hunter2@db/site" });
    expect(databaseError).toBe(
      'Invalid configuration: DATABASE_URL must start with "sqlite:" (a file, e.g. sqlite:var/site.sqlite) or "postgres://".',
    );
    const redisError = configError({ REDIS_URL: "http://:hunter2@cache" });
    expect(redisError).toContain("REDIS_URL");
    expect(redisError).not.toContain("hunter2");
    const listenError = configError({ DATABASE_LISTEN_URL: "mysql://admin:hunter2@db/site" });
    expect(listenError).toBe('Invalid configuration: DATABASE_LISTEN_URL must start with "postgres://", or be "none".');
    const secretError = configError({ SESSION_SECRET: "short-hunter2" });
    expect(secretError).toContain("SESSION_SECRET must be at least 32 characters");
    expect(secretError).not.toContain("hunter2");
  });

  it("takes DATABASE_LISTEN_URL as a PostgreSQL address or none, and leaves it unset by default", () => {
    const secret = "x".repeat(32);
    expect(loadConfig({ SESSION_SECRET: secret }).databaseListenUrl).toBeUndefined();
    expect(loadConfig({ SESSION_SECRET: secret, DATABASE_LISTEN_URL: "none" }).databaseListenUrl).toBe("none");
    expect(loadConfig({ SESSION_SECRET: secret, DATABASE_LISTEN_URL: "postgres://app@db:5432/site" }).databaseListenUrl).toBe("postgres://app@db:5432/site");
  });

  it("requires SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      "Invalid configuration: SESSION_SECRET is required when NODE_ENV=production",
    );
  });

  describe("without SESSION_SECRET outside production", () => {
    let cwd: string;
    beforeEach(() => {
      cwd = mkdtempSync(path.join(os.tmpdir(), "config-test-"));
    });
    afterEach(() => rmSync(cwd, { recursive: true, force: true }));

    it("generates a secret once, keeps it in var/session-secret and reuses it", () => {
      const first = loadConfig({ NODE_ENV: "development" }, { cwd }).sessionSecret;
      const file = path.join(cwd, "var", "session-secret");
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(readFileSync(file, "utf8").trim()).toBe(first);
      expect(statSync(file).mode & 0o077).toBe(0);
      expect(loadConfig({ NODE_ENV: "development" }, { cwd }).sessionSecret).toBe(first);
    });
  });
});

describe("readEnvironment", () => {
  let cwd: string;
  beforeEach(() => {
    cwd = mkdtempSync(path.join(os.tmpdir(), "env-test-"));
  });
  afterEach(() => {
    rmSync(cwd, { recursive: true, force: true });
    delete process.env.CONFIG_TEST_FROM_FILE;
    delete process.env.CONFIG_TEST_FROM_ENV;
  });

  it("fills in unset variables from .env, leaving the environment's own values alone", () => {
    writeFileSync(path.join(cwd, ".env"), "CONFIG_TEST_FROM_FILE=file\nCONFIG_TEST_FROM_ENV=file\n");
    process.env.CONFIG_TEST_FROM_ENV = "environment";
    const env = readEnvironment(cwd);
    expect(env.CONFIG_TEST_FROM_FILE).toBe("file");
    expect(env.CONFIG_TEST_FROM_ENV).toBe("environment");
  });

  it("works without a .env file", () => {
    expect(readEnvironment(cwd)).toBe(process.env);
  });
});
