import { ConfigError, loadConfig } from "../../../server/config";
import { displayNameOf } from "../../../server/mail/create-mailer";

const base = { NODE_ENV: "test", SESSION_SECRET: "x".repeat(32) };

describe("mail settings", () => {
  it("defaults to no SMTP server, the Greyfriars sender and the learning team's address", () => {
    const config = loadConfig(base);
    expect(config.mailUrl).toBeUndefined();
    expect(config.mailFrom).toBe("Greyfriars Playhouse <no-reply@greyfriars.example>");
    expect(config.staffEmail).toBe("learning@greyfriars.example");
  });

  it("retries from 30 s, twelve attempts in all, unless MAIL_FIRST_RETRY_SECONDS and MAIL_MAX_ATTEMPTS say otherwise", () => {
    expect(loadConfig(base)).toMatchObject({ mailFirstRetrySeconds: 30, mailMaxAttempts: 12 });
    expect(loadConfig({ ...base, MAIL_FIRST_RETRY_SECONDS: "5", MAIL_MAX_ATTEMPTS: "3" })).toMatchObject({ mailFirstRetrySeconds: 5, mailMaxAttempts: 3 });
    expect(() => loadConfig({ ...base, MAIL_MAX_ATTEMPTS: "0" })).toThrow(/MAIL_MAX_ATTEMPTS must be a whole number from 1 to 100/);
  });

  it("accepts smtp:// and smtps:// addresses", () => {
    expect(loadConfig({ ...base, MAIL_URL: "smtps://user:pw@smtp.example.org:465" }).mailUrl).toBe("smtps://user:pw@smtp.example.org:465");
    expect(loadConfig({ ...base, MAIL_URL: "smtp://smtp.example.org:587" }).mailUrl).toBe("smtp://smtp.example.org:587");
  });

  it("refuses other MAIL_URL schemes without repeating the secret value", () => {
    const load = () => loadConfig({ ...base, MAIL_URL: "https://user:hunter2@smtp.example.org" });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow('Invalid configuration: MAIL_URL must start with "smtp://" or "smtps://" and name a host.');
  });

  it("refuses a STAFF_EMAIL or MAIL_FROM that is not an address", () => {
    expect(() => loadConfig({ ...base, STAFF_EMAIL: "learning team" })).toThrow(/STAFF_EMAIL must be an email address/);
    expect(() => loadConfig({ ...base, MAIL_FROM: "Greyfriars\r\nBcc: x@example.org <a@example.org>" })).toThrow(/MAIL_FROM must be an address/);
    expect(loadConfig({ ...base, MAIL_FROM: "tickets@example.org" }).mailFrom).toBe("tickets@example.org");
  });

  it("takes the organisation name from the sender's display name", () => {
    expect(displayNameOf("Greyfriars Playhouse <no-reply@greyfriars.example>")).toBe("Greyfriars Playhouse");
    expect(displayNameOf('"Playhouse, Learning" <learning@example.org>')).toBe("Playhouse, Learning");
    expect(displayNameOf("tickets@example.org")).toBe("tickets@example.org");
  });
});
