import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { noAppInServer } from "./scripts/eslint-no-app-in-server.js";

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "reports/"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.tsx", "console/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}", "console/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
    },
  },
  {
    // The browser never imports server code (contracts is the only shared module).
    files: ["app/**/*.{ts,tsx}", "contracts/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "~/../server/**"], message: "The app must not import server code." }] },
      ],
    },
  },
  {
    // The staff console's bundle is its own: no server code, no public-site source.
    files: ["console/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/server/**"], message: "The console must not import server code." },
            { group: ["~/*", "**/app/**"], message: "The console has its own bundle: no public-site source." },
          ],
        },
      ],
    },
  },
  {
    // The server runs from the build, never from the site's source: what it needs of the page
    // table comes from build/site-manifest.json (server/site-manifest.ts). Only the build
    // (scripts/) reads app/.
    files: ["server/**/*.ts"],
    plugins: { project: { rules: { "no-app-in-server": noAppInServer } } },
    rules: { "project/no-app-in-server": "error" },
  },
  {
    // Layers one way (docs/decisions/028-layers-and-retention-policy.md): contracts <- storage <-
    // routes, console, CLI; no import cycles anywhere. The parsers setting (in the typescript
    // flat config's settings) is what lets the rules read TypeScript files: without it no-cycle
    // silently finds nothing.
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: { "import-x/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Tests exercise the layers together (a storage test may drive the mail worker): the
    // direction rules hold for the code they test.
    files: ["**/*.{ts,tsx,js}"],
    ignores: ["**/*.test.ts", "server/test-support/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server/storage",
              from: ["./server/console", "./server/routes", "./server/cli", "./server/forms"],
              message:
                "Storage sits below the console, the routes, the CLI and the forms: they import it, not the reverse.",
            },
            {
              // The outbox's rows and files are storage's own (a submission and its messages are
              // written and erased together); the worker, templates and transport sit above it.
              target: "./server/storage",
              from: "./server/mail",
              except: ["./confirmation-limit.ts", "./outbox-rows.ts", "./mail-files.ts"],
              message: "Storage may use only the outbox's rows and files, not the mail worker, templates or transport.",
            },
            {
              target: "./contracts",
              from: "./",
              except: ["./contracts", "./node_modules"],
              message: "Contracts sit at the bottom: they import nothing outside contracts/.",
            },
          ],
        },
      ],
    },
  },
);
