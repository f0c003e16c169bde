import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/*
 * The CRM ownership lint rules (lint/crm-ownership.mjs, docs/crm.md "Who may
 * name the CRM's tables"), fed violations through the project's own ESLint
 * config: each must fail where it should, and stay quiet where it should not.
 */

const eslint = new ESLint({ cwd: process.cwd() });

async function crmRulesBroken(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((message) => message.ruleId?.startsWith("crm-ownership/")).map((message) => `${message.line}:${message.ruleId}`);
}

const crmQueries = [
  'import type { Kysely } from "kysely";',
  'import type { Database } from "../db/schema";',
  'export const person = (db: Kysely<Database>) => db.selectFrom("constituents").select("id").executeTakeFirst();',
  'export const seats = (db: Kysely<Database>) => db.updateTable("membership_benefits as b").set({ total_used: 0 }).execute();',
  'export const roles = (db: Kysely<Database>) => db.selectFrom(["affiliations"]).selectAll().execute();',
].join("\n");

// The first lint loads the config and its plugins: slow on a busy machine.
describe("CRM ownership lint rules", { timeout: 60_000 }, () => {
  it("refuses a Kysely query naming a CRM table outside server/crm/", async () => {
    expect(await crmRulesBroken(crmQueries, "server/accounts/probe.ts")).toEqual([
      "3:crm-ownership/no-crm-tables",
      "4:crm-ownership/no-crm-tables",
      "5:crm-ownership/no-crm-tables",
    ]);
  });

  it("has no exceptions: the accounts files that once named the constituents table are checked like any other", async () => {
    const held = 'import { sql } from "kysely";\nexport const hold = sql`update constituents set email = email where id = ${1}`;';
    for (const file of ["constituents", "profile", "personal-data", "email-verification-tokens", "unconfirmed-address"]) {
      expect(await crmRulesBroken(crmQueries, `server/accounts/${file}.ts`)).toHaveLength(3);
      expect(await crmRulesBroken(held, `server/accounts/${file}.ts`)).toEqual(["2:crm-ownership/no-crm-tables"]);
    }
  });

  it("refuses raw SQL naming a CRM table outside server/crm/", async () => {
    const code = 'import { sql } from "kysely";\nexport const lock = sql`select id from constituents where id = ${1} for update`;';
    expect(await crmRulesBroken(code, "server/memberships/probe.ts")).toEqual(["2:crm-ownership/no-crm-tables"]);
  });

  it("lets server/crm/ and the migrations name the tables, and other files use the words for other things", async () => {
    expect(await crmRulesBroken(crmQueries, "server/crm/probe.ts")).toEqual([]);
    expect(await crmRulesBroken(crmQueries, "server/db/migrations/9999_probe.ts")).toEqual([]);
    const labels = 'export const rows = [["memberships", 2], ["addresses", 3]];\nexport const key = "affiliations";';
    expect(await crmRulesBroken(labels, "server/content/probe.ts")).toEqual([]);
  });

  it("refuses building the SQL adapter anywhere but the composition root", async () => {
    const code =
      'import { createSqlCrm } from "../crm/adapters";\nimport { sqlPeopleRecords } from "../crm/sql-people";\nimport { createCircuitBreakingCrm } from "../crm/circuit-breaking-crm";\nexport const adapters = [createSqlCrm, sqlPeopleRecords, createCircuitBreakingCrm];';
    expect(await crmRulesBroken(code, "server/payments/probe.ts")).toEqual([
      "1:crm-ownership/adapter-only-at-composition-root",
      "2:crm-ownership/adapter-only-at-composition-root",
      "3:crm-ownership/adapter-only-at-composition-root",
    ]);
    const root = 'import { createSqlCrm } from "./crm/adapters";\nexport const adapter = createSqlCrm;';
    expect(await crmRulesBroken(root, "server/feature-services.ts")).toEqual([]);
  });

  it("lets features import the port", async () => {
    const code = 'import type { CrmPort } from "../crm";\nexport type Port = CrmPort;';
    expect(await crmRulesBroken(code, "server/payments/probe.ts")).toEqual([]);
  });
});
