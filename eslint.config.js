import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import { crmOwnership } from "./lint/crm-ownership.mjs";
import { tableOwnership } from "./lint/table-ownership.mjs";

export default tseslint.config(
  { ignores: ["node_modules/", "static/dist/", "dist-server/", "var/", "test-results/", "playwright-report/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
    },
  },
  {
    files: ["widgets/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    // Services return refusals (server/shared/refusal.ts); only the HTTP edge and the composition root speak HttpError
    // (docs/architecture.md, "Errors and refusals"). depcruise's features-not-to-express forbids server/http/ itself.
    files: ["server/**/*.ts"],
    ignores: ["server/http/**", "server/routes/**", "server/views/**", "server/{app,services,main,start-up}.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**"],
              importNames: ["HttpError", "TooManyRequestsError"],
              message: "Below the routes, return a Refusal (server/shared/refusal.ts); server/http/refusals.ts gives it its status.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["scripts/**", "tests/bench/**", "tests/soak/**", "server/content/seed-cli.ts", "server/schools/import-cli.ts", "fixtures/generators/schools/write-establishments-cli.ts"],
    rules: { "no-console": "off" },
  },
  ...crmOwnership,
  ...tableOwnership,
);
