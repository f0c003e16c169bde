import { ConfigError, loadConfig } from "../../server/config";

const secret = "a-test-secret-that-is-long-enough-0123456789";
const load = (env: NodeJS.ProcessEnv) => loadConfig({ SESSION_SECRET: secret, ...env });

describe("MEMBERSHIP_REMINDER_DAYS", () => {
  it("defaults to 30 and 7 days before, and the day itself", () => {
    expect(load({}).membershipReminderDays).toEqual([30, 7, 0]);
  });

  it("reads a comma-separated list, largest first, each day once; \"none\" sends no reminders", () => {
    expect(load({ MEMBERSHIP_REMINDER_DAYS: " 0, 14,60,14 " }).membershipReminderDays).toEqual([60, 14, 0]);
    expect(load({ MEMBERSHIP_REMINDER_DAYS: "none" }).membershipReminderDays).toEqual([]);
  });

  it.each(["30,,7", "-1", "seven", "400", "7.5"])("refuses %j, saying what it must be", (value) => {
    expect(() => load({ MEMBERSHIP_REMINDER_DAYS: value })).toThrow(ConfigError);
    expect(() => load({ MEMBERSHIP_REMINDER_DAYS: value })).toThrow('MEMBERSHIP_REMINDER_DAYS must list days from 0 to 366, separated by commas (e.g. 30,7,0), or be "none"');
  });
});
