import { createHmac } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { readOrCreateSessionSecret } from "./session-secret";

/**
 * The environment, read once at start, typed and validated. Every variable is
 * one line of `settings`; `Config` follows from it, so a new variable needs no
 * other change here (document it in .env.example and the README).
 */

const logLevels = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof logLevels)[number];

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be a whole number from ${min} to ${max}`);

const positiveNumber = z
  .string()
  .regex(/^\d+(\.\d+)?$/, "must be a positive number")
  .transform(Number)
  .refine((value) => value > 0, "must be a positive number");

const httpUrl = z
  .string()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "must be an http:// or https:// URL");

const databaseUrl = z
  .string()
  .refine(
    (value) => /^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(value),
    'must start with "sqlite:" (a file, e.g. sqlite:var/site.sqlite) or "postgres://"',
  );

const postgresUrl = z.string().refine((value) => /^postgres(ql)?:\/\//.test(value), 'must start with "postgres://"');

const listenUrl = z.string().refine((value) => value === "none" || /^postgres(ql)?:\/\//.test(value), 'must start with "postgres://", or be "none"');

const redisUrl = z.string().refine((value) => /^rediss?:\/\//.test(value), 'must start with "redis://" or "rediss://"');

const mailUrl = z.string().refine((value) => /^smtps?:\/\/[^/]/.test(value), 'must start with "smtp://" or "smtps://" and name a host');

const emailAddress = z.string().regex(/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/, "must be an email address such as learning@example.org");

/** `Name <address>` or a bare address. */
const mailbox = z
  .string()
  .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, 'must be an address, or "Name <address>"');

/** A postal address (SELLER_ADDRESS): its lines separated by `|`. */
const addressLines = z
  .string()
  .transform((value) => value.split("|").map((line) => line.trim()).filter(Boolean))
  .refine((lines) => lines.length > 0 && lines.length <= 8, 'must list one to eight lines, separated by "|"');

/** The contact form's subject options (CONTACT_SUBJECTS): `|`-separated; each option's text is what is sent and mailed. */
const contactSubjects = z
  .string()
  .transform((value) => value.split("|").map((subject) => subject.trim()).filter(Boolean))
  .refine((subjects) => subjects.length > 0, 'must list at least one subject, separated by "|"')
  .refine((subjects) => subjects.every((subject) => subject.length <= 100), "must have subjects of 100 characters or fewer")
  .refine((subjects) => new Set(subjects).size === subjects.length, "must not list the same subject twice");

/** MEMBERSHIP_REMINDER_DAYS: comma-separated days before a membership ends (0: the day it ends), each reminded once, kept largest first; "none": no reminders. */
const reminderDays = z
  .string()
  .transform((value) => (value.trim() === "none" ? [] : value.split(",").map((day) => day.trim())))
  .refine((days) => days.every((day) => /^\d{1,3}$/.test(day) && Number(day) <= 366), 'must list days from 0 to 366, separated by commas (e.g. 30,7,0), or be "none"')
  .transform((days) => [...new Set(days.map(Number))].sort((a, b) => b - a));

const defaultContactSubjects = [
  "General enquiry",
  "My account or membership",
  "Teaching resources",
  "Schools workshops and visits",
  "A problem with the website",
];

// Stripe's own prefixes: a secret (sk_) or restricted (rk_) key, and a webhook endpoint's signing secret.
const stripeSecretKey = z.string().regex(/^(sk|rk)_(test|live)_\S+$/, 'must be a Stripe secret key (starting "sk_test_" or "sk_live_")');
const stripeWebhookSecret = z.string().regex(/^whsec_\S+$/, 'must be a Stripe webhook signing secret (starting "whsec_")');
// Algolia's API keys: 32 hexadecimal characters (a secured key is longer base64, also accepted).
const algoliaKey = z.string().regex(/^[A-Za-z0-9+/=]{32,}$/, "must be an Algolia API key (from the dashboard, Settings > API Keys)");
const sessionSecret = z.string().min(32, "must be at least 32 characters (generate one with: openssl rand -hex 32)");

const booleanFlag = z.enum(["true", "false", "1", "0"], 'must be "true" or "false"').transform((value) => value === "true" || value === "1");

/** Express's `trust proxy`: false, true, a hop count, or addresses/subnets ("loopback, 10.0.0.0/8"). */
const trustProxy = z.string().transform((value): boolean | number | string => {
  if (value === "false" || value === "0") return false;
  if (value === "true") return true;
  return /^\d+$/.test(value) ? Number(value) : value;
});

interface Setting<Schema extends z.ZodType> {
  variable: string;
  schema: Schema;
  /** Secret values (passwords in URLs, keys) are never repeated in error messages. */
  secret: boolean;
}

function setting<Schema extends z.ZodType>(variable: string, schema: Schema, options: { secret?: boolean } = {}): Setting<Schema> {
  return { variable, schema, secret: options.secret ?? false };
}

const settings = {
  port: setting("PORT", wholeNumber(1, 65535).default(3000)),
  publicUrl: setting("PUBLIC_URL", httpUrl.optional()),
  databaseUrl: setting("DATABASE_URL", databaseUrl.default("sqlite:var/site.sqlite"), { secret: true }),
  // How long a PostgreSQL query waits for a connection, and the longest a statement may run (docs/faults.md); 0 turns either off.
  databaseConnectTimeoutMs: setting("DATABASE_CONNECT_TIMEOUT_MS", wholeNumber(0, 600_000).default(5_000)),
  databaseStatementTimeoutMs: setting("DATABASE_STATEMENT_TIMEOUT_MS", wholeNumber(0, 3_600_000).default(30_000)),
  // PostgreSQL: where the connection that hears content changes connects (docs/performance.md, "Pushed change counters"):
  // PostgreSQL itself when DATABASE_URL goes through a transaction pooler, which does not pass LISTEN on; "none" reads the counters per request.
  databaseListenUrl: setting("DATABASE_LISTEN_URL", listenUrl.optional(), { secret: true }),
  databaseUrlTest: setting("DATABASE_URL_TEST", postgresUrl.optional(), { secret: true }),
  redisUrl: setting("REDIS_URL", redisUrl.optional(), { secret: true }),
  // Put before every key this site writes to Redis, so several sites (or test runs) can share one server.
  redisKeyPrefix: setting("REDIS_KEY_PREFIX", z.string().regex(/^[A-Za-z0-9:._-]*$/, "may hold only letters, digits and : . _ -").default("")),
  // The longest a Redis command (sessions, rate limits) or connection attempt may take before the request answers 503 (docs/faults.md).
  redisCommandTimeoutMs: setting("REDIS_COMMAND_TIMEOUT_MS", wholeNumber(50, 60_000).default(2_000)),
  sessionSecret: setting("SESSION_SECRET", sessionSecret.optional(), { secret: true }),
  crmEnv: setting("CRM_ENV", z.enum(["test", "production"], 'must be "test" or "production"').default("test")),
  // The circuit breaker around every CRM call (server/crm/circuit-breaking-crm.ts, docs/faults.md).
  crmTimeoutMs: setting("CRM_TIMEOUT_MS", wholeNumber(100, 120_000).default(5_000)),
  // The same for the reports that read every membership (the back office's figures and exports, the reminders' job).
  crmReportTimeoutMs: setting("CRM_REPORT_TIMEOUT_MS", wholeNumber(100, 600_000).default(60_000)),
  crmBreakerErrorPercent: setting("CRM_BREAKER_ERROR_PERCENT", wholeNumber(1, 100).default(50)),
  crmBreakerMinCalls: setting("CRM_BREAKER_MIN_CALLS", wholeNumber(1, 1000).default(5)),
  crmBreakerResetMs: setting("CRM_BREAKER_RESET_MS", wholeNumber(100, 600_000).default(30_000)),
  // Which CRM holds the records (docs/crm.md): the embedded one in the site's database, or Tessitura's REST API.
  crmProvider: setting("CRM_PROVIDER", z.enum(["sql", "tessitura"], 'must be "sql" or "tessitura"').default("sql")),
  // These five and the payment method below are required when CRM_PROVIDER=tessitura (checked in loadConfig): Basic auth is user:usergroup:location:password.
  tessituraBaseUrl: setting("TESSITURA_BASE_URL", httpUrl.optional()),
  tessituraUser: setting("TESSITURA_USER", z.string().regex(/^[^:]+$/, "must not contain a colon").optional()),
  tessituraUserGroup: setting("TESSITURA_USER_GROUP", z.string().regex(/^[^:]+$/, "must not contain a colon").optional()),
  tessituraMachineLocation: setting("TESSITURA_MACHINE_LOCATION", z.string().regex(/^[^:]+$/, "must not contain a colon").optional()),
  tessituraPassword: setting("TESSITURA_PASSWORD", z.string().optional(), { secret: true }),
  // Required as well with tessitura: the payment method a paid membership's payment is recorded with in the web cart (docs/crm.md; the fund is crm-ids.ts's).
  tessituraPaymentMethodId: setting("TESSITURA_PAYMENT_METHOD_ID", wholeNumber(1, 2_147_483_647).optional()),
  tessituraInvoicePaymentMethodId: setting("TESSITURA_INVOICE_PAYMENT_METHOD_ID", wholeNumber(1, 2_147_483_647).optional()),
  // How long the Tessitura adapter keeps countries and states before fetching them again.
  tessituraReferenceRefreshSeconds: setting("TESSITURA_REFERENCE_REFRESH_SECONDS", wholeNumber(10, 86_400).default(3_600)),
  nodeEnv: setting(
    "NODE_ENV",
    z.enum(["development", "test", "production"], 'must be "development", "test" or "production"').default("development"),
  ),
  logLevel: setting("LOG_LEVEL", z.enum(logLevels, `must be one of ${logLevels.join(", ")}`).optional()),
  trustProxy: setting("TRUST_PROXY", trustProxy.default(false)),
  viteDevServerUrl: setting("VITE_DEV_SERVER_URL", httpUrl.optional()),
  sessionIdleMinutes: setting("SESSION_IDLE_MINUTES", positiveNumber.default(120)),
  // The back office's staff sessions (docs/back-office.md): signed out after this long without a request; 30 at most.
  staffSessionIdleMinutes: setting("STAFF_SESSION_IDLE_MINUTES", wholeNumber(1, 30).default(30)),
  sessionAbsoluteHours: setting("SESSION_ABSOLUTE_HOURS", positiveNumber.default(24 * 14)),
  // The anonymous page cache's size (server/cache/http/page-cache.ts); 0 turns it off.
  pageCacheMegabytes: setting("PAGE_CACHE_MB", wholeNumber(0, 4096).default(32)),
  buildOnStart: setting("BUILD_ON_START", booleanFlag.default(true)),
  // How long a SIGTERM waits for requests in flight before the process exits anyway (server/lifecycle/graceful-shutdown.ts).
  shutdownTimeoutSeconds: setting("SHUTDOWN_TIMEOUT_SECONDS", wholeNumber(1, 600).default(10)),
  mailUrl: setting("MAIL_URL", mailUrl.optional(), { secret: true }),
  mailFrom: setting("MAIL_FROM", mailbox.default("Greyfriars Playhouse <no-reply@greyfriars.example>")),
  staffEmail: setting("STAFF_EMAIL", emailAddress.default("learning@greyfriars.example")),
  // The outbox worker's retries (docs/mail.md): the first wait, doubling up to an hour, and the attempts before giving up.
  mailFirstRetrySeconds: setting("MAIL_FIRST_RETRY_SECONDS", wholeNumber(1, 3600).default(30)),
  mailMaxAttempts: setting("MAIL_MAX_ATTEMPTS", wholeNumber(1, 100).default(12)),
  contactSubjects: setting("CONTACT_SUBJECTS", contactSubjects.default(defaultContactSubjects)),
  // When membership reminders are sent (server/memberships/membership-reminders.ts, docs/memberships.md): days before the end; 0 is the day it ends.
  membershipReminderDays: setting("MEMBERSHIP_REMINDER_DAYS", reminderDays.default([30, 7, 0])),
  // Which payment provider takes payments (server/payments/, docs/payments.md): the embedded sandbox or Stripe Checkout.
  paymentProvider: setting("PAYMENT_PROVIDER", z.enum(["sandbox", "stripe"], 'must be "sandbox" or "stripe"').default("sandbox")),
  paymentWebhookSecret: setting("PAYMENT_WEBHOOK_SECRET", sessionSecret.optional(), { secret: true }),
  // Both required when PAYMENT_PROVIDER=stripe (checked in loadConfig).
  stripeSecretKey: setting("STRIPE_SECRET_KEY", stripeSecretKey.optional(), { secret: true }),
  stripeWebhookSecret: setting("STRIPE_WEBHOOK_SECRET", stripeWebhookSecret.optional(), { secret: true }),
  // The seller on VAT receipts and invoices (server/payments/documents/, docs/payments.md "Receipts and invoices").
  // The development defaults are placeholders: set every one of these in production.
  sellerLegalName: setting("SELLER_LEGAL_NAME", z.string().max(200).default("Greyfriars Playhouse Trust Ltd")),
  sellerAddress: setting("SELLER_ADDRESS", addressLines.default(["1 Greyfriars Lane", "Bristol", "BS1 1AA"])),
  sellerVatNumber: setting("SELLER_VAT_NUMBER", z.string().max(40).default("GB 000 0000 00")),
  // Prices are VAT-inclusive: net = round(gross × 100 / (100 + rate)).
  vatRatePercent: setting("VAT_RATE_PERCENT", wholeNumber(0, 100).default(20)),
  invoiceTermsDays: setting("INVOICE_TERMS_DAYS", wholeNumber(1, 365).default(30)),
  bankAccountName: setting("BANK_ACCOUNT_NAME", z.string().max(200).default("Greyfriars Playhouse Trust Ltd")),
  bankSortCode: setting("BANK_SORT_CODE", z.string().regex(/^\d{2}-\d{2}-\d{2}$/, 'must be a sort code such as "12-34-56"').default("00-00-00")),
  bankAccountNumber: setting("BANK_ACCOUNT_NUMBER", z.string().regex(/^\d{8}$/, "must be an account number of 8 digits").default("00000000")),
  // Which engine finds schools (docs/search.md, "Algolia"): the embedded in-memory index or a hosted Algolia index.
  schoolSearch: setting("SCHOOL_SEARCH", z.enum(["embedded", "algolia"], 'must be "embedded" or "algolia"').default("embedded")),
  // All four required when SCHOOL_SEARCH=algolia (checked in loadConfig); the admin key is used only by indexing.
  algoliaAppId: setting("ALGOLIA_APP_ID", z.string().regex(/^[A-Z0-9]{6,20}$/, "must be an Algolia application id (capital letters and digits, e.g. ABCDE12345)").optional()),
  algoliaSearchKey: setting("ALGOLIA_SEARCH_KEY", algoliaKey.optional(), { secret: true }),
  algoliaAdminKey: setting("ALGOLIA_ADMIN_KEY", algoliaKey.optional(), { secret: true }),
  algoliaIndexName: setting("ALGOLIA_INDEX_NAME", z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/, "must be an index name of letters, digits and _ . - (e.g. schools)").default("schools")),
  // lightGallery is GPLv3 or commercial: a commercial licence key goes here.
  lightGalleryLicenseKey: setting("LIGHTGALLERY_LICENSE_KEY", z.string().default("")),
};

type Settings = typeof settings;
type ParsedSettings = { [Key in keyof Settings]: z.output<Settings[Key]["schema"]> };

export type Config = Omit<ParsedSettings, "publicUrl" | "sessionSecret" | "logLevel" | "paymentWebhookSecret"> & {
  /** The site's public address without a trailing slash, e.g. "https://www.example.org". */
  publicUrl: string;
  /** `publicUrl`'s origin: the Origin accepted on writes. */
  publicOrigin: string;
  /** False when PUBLIC_URL is unset (the localhost default): writes are then also accepted from the address the browser used. */
  publicUrlIsSet: boolean;
  /** Cookies are Secure only when the public address is https, so plain http on localhost works. */
  secureCookies: boolean;
  sessionSecret: string;
  /** Signs and verifies payment notifications: PAYMENT_WEBHOOK_SECRET, or one derived from the session secret. */
  paymentWebhookSecret: string;
  /** Signs the back office's session cookie: derived from the session secret, so a member's cookie never passes for a staff one. */
  staffSessionSecret: string;
  logLevel: LogLevel;
};

/** A bad environment value. `message` is one line naming the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface LoadConfigOptions {
  /** Relative paths (the SQLite file, var/session-secret) resolve against this. */
  cwd?: string;
}

/**
 * process.env, after a `.env` file in the working directory (if any) has
 * filled in the variables the environment leaves unset. For entry points
 * (`npm start`, `npm run seed`); tests pass their own environment instead.
 */
export function readEnvironment(cwd: string = process.cwd()): NodeJS.ProcessEnv {
  const envFile = path.join(cwd, ".env");
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return process.env;
}

export function loadConfig(env: NodeJS.ProcessEnv, options: LoadConfigOptions = {}): Config {
  const parsed = parseSettings(env);
  requireStripeKeys(parsed);
  requireAlgoliaSettings(parsed);
  requireTessituraSettings(parsed);
  const cwd = options.cwd ?? process.cwd();
  const sessionSecret = resolveSessionSecret(parsed, cwd);
  const publicUrl = new URL(parsed.publicUrl ?? `http://localhost:${parsed.port}`);
  return {
    ...parsed,
    publicUrl: publicUrl.href.replace(/\/$/, ""),
    publicOrigin: publicUrl.origin,
    publicUrlIsSet: parsed.publicUrl !== undefined,
    secureCookies: publicUrl.protocol === "https:",
    sessionSecret,
    paymentWebhookSecret: parsed.paymentWebhookSecret ?? derivedSecret(sessionSecret, "payment-webhook"),
    staffSessionSecret: derivedSecret(sessionSecret, "staff-session"),
    logLevel: parsed.logLevel ?? (parsed.nodeEnv === "test" ? "silent" : "info"),
  };
}

function parseSettings(env: NodeJS.ProcessEnv): ParsedSettings {
  const parsed: Record<string, unknown> = {};
  for (const [key, { variable, schema, secret }] of Object.entries(settings)) {
    // An empty value (FOO= in a .env file) means "not set", so defaults apply.
    const raw = env[variable]?.trim() || undefined;
    const result = schema.safeParse(raw);
    if (!result.success) {
      const reason = result.error.issues[0]?.message ?? "is not valid";
      const shown = secret || raw === undefined ? "" : ` (got ${JSON.stringify(raw)})`;
      throw new ConfigError(`Invalid configuration: ${variable} ${reason}${shown}.`);
    }
    parsed[key] = result.data;
  }
  return parsed as ParsedSettings;
}

function requireStripeKeys(parsed: ParsedSettings): void {
  if (parsed.paymentProvider !== "stripe") return;
  if (!parsed.stripeSecretKey) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe (the secret key from the Stripe dashboard, Developers > API keys).",
    );
  }
  if (!parsed.stripeWebhookSecret) {
    throw new ConfigError(
      "Invalid configuration: STRIPE_WEBHOOK_SECRET is required when PAYMENT_PROVIDER=stripe (the signing secret of the webhook endpoint registered in the Stripe dashboard, see docs/payments.md).",
    );
  }
}

function requireAlgoliaSettings(parsed: ParsedSettings): void {
  if (parsed.schoolSearch !== "algolia") return;
  const required = [
    ["ALGOLIA_APP_ID", parsed.algoliaAppId, "the application id from the Algolia dashboard"],
    ["ALGOLIA_SEARCH_KEY", parsed.algoliaSearchKey, "the search-only API key"],
    ["ALGOLIA_ADMIN_KEY", parsed.algoliaAdminKey, "the admin API key, used only to keep the index in step"],
  ] as const;
  for (const [variable, value, what] of required) {
    if (!value) throw new ConfigError(`Invalid configuration: ${variable} is required when SCHOOL_SEARCH=algolia (${what}, see docs/search.md).`);
  }
}

function requireTessituraSettings(parsed: ParsedSettings): void {
  if (parsed.crmProvider !== "tessitura") return;
  const required = [
    ["TESSITURA_BASE_URL", parsed.tessituraBaseUrl, "the TessituraService address, e.g. https://tess.example.org/TessituraService"],
    ["TESSITURA_USER", parsed.tessituraUser, "the API user"],
    ["TESSITURA_USER_GROUP", parsed.tessituraUserGroup, "the user group"],
    ["TESSITURA_MACHINE_LOCATION", parsed.tessituraMachineLocation, "the machine location"],
    ["TESSITURA_PASSWORD", parsed.tessituraPassword, "the API user's password"],
    ["TESSITURA_PAYMENT_METHOD_ID", parsed.tessituraPaymentMethodId, "the payment method a paid membership's payment is recorded with"],
    ["TESSITURA_INVOICE_PAYMENT_METHOD_ID", parsed.tessituraInvoicePaymentMethodId, "the invoice payment method a school's membership ordered by invoice is recorded with"],
  ] as const;
  for (const [variable, value, what] of required) {
    if (!value) throw new ConfigError(`Invalid configuration: ${variable} is required when CRM_PROVIDER=tessitura (${what}, see docs/crm.md).`);
  }
}

/** A separate key from the session secret, so a notification signature never doubles as a cookie signature. */
function derivedSecret(sessionSecret: string, purpose: string): string {
  return createHmac("sha256", sessionSecret).update(purpose).digest("hex");
}

function resolveSessionSecret(parsed: ParsedSettings, cwd: string): string {
  if (parsed.sessionSecret) return parsed.sessionSecret;
  if (parsed.nodeEnv === "production") {
    throw new ConfigError(
      "Invalid configuration: SESSION_SECRET is required when NODE_ENV=production (generate one with: openssl rand -hex 32).",
    );
  }
  // Development only: a random secret kept on disk, so sessions survive restarts.
  return readOrCreateSessionSecret(path.resolve(cwd, "var", "session-secret"));
}
