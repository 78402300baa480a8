import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { noAppInServer } from "./scripts/eslint-no-app-in-server.js";
import { noCycleWithTypes } from "./scripts/eslint-no-cycle-with-types.js";

/** The project's own rules, one plugin object (flat config refuses a plugin name defined twice). */
const project = { rules: { "no-app-in-server": noAppInServer, "no-cycle-with-types": noCycleWithTypes } };

/** The domain rooms (docs/decisions/054-server-rooms.md): the rules, on the database room. */
const domains = [
  "./server/submissions",
  "./server/postings",
  "./server/exports",
  "./server/replies",
  "./server/assignment",
  "./server/routing",
  "./server/retention",
  "./server/analytics",
  "./server/content",
];
/** Route files: thin, each registering its routes; what two of them share is in a views module. */
const routeFiles = ["./server/console/*-routes.ts", "./server/routes/*.ts", "./server/careers/*routes.ts"];

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
    plugins: { project },
    rules: { "project/no-app-in-server": "error" },
  },
  {
    // Layers one way (docs/decisions/054-server-rooms.md, after 028): contracts <- db <- outbox <-
    // domains <- mail <- routes, console, CLI; no import cycles anywhere. import-x/no-cycle skips
    // type-only imports (it has no option to count them), so the project's no-cycle-with-types
    // follows them too. The parsers setting (in the typescript flat config's settings) is what
    // lets import-x read TypeScript files: without it no-cycle silently finds nothing.
    files: ["**/*.{ts,tsx,js}"],
    plugins: { "import-x": importX, project },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "tsconfig.json" })],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "project/no-cycle-with-types": "error",
    },
  },
  {
    // Tests exercise the layers together (a domain's test may drive the mail worker): the
    // direction rules hold for the code they test.
    files: ["**/*.{ts,tsx,js}"],
    ignores: ["**/*.test.ts", "server/test-support/**"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server/db",
              from: "./server",
              except: ["./db"],
              message: "The database room sits below everything in server/: no domain, outbox, mail, console or route.",
            },
            {
              target: "./server/outbox",
              from: [...domains, "./server/mail", "./server/console", "./server/routes", "./server/cli"],
              message: "The outbox sits below the domains, mail and the console: it imports only server/db.",
            },
            {
              target: ["./server/mail", "./server/outbox"],
              from: "./server/console",
              message: "Mail and the outbox sit below the console: what both need lives in server/mail or below.",
            },
            {
              target: domains,
              from: [
                "./server/console",
                "./server/routes",
                "./server/cli",
                "./server/forms",
                "./server/mail",
                "./server/careers",
                "./server/spam",
              ],
              message:
                "A domain room sits below mail, the console, the routes, the CLI, the forms, the careers pages and the spam defence.",
            },
            {
              target: "./server/uploads",
              from: "./server",
              except: ["./uploads"],
              message:
                "Uploads reads the bytes it is given (a resume's type, its name, a zip): it imports nothing else in server/.",
            },
            {
              target: "./server/spam",
              from: [
                ...domains,
                "./server/console",
                "./server/routes",
                "./server/cli",
                "./server/forms",
                "./server/careers",
              ],
              message:
                "The spam defence sits below the routes that register it: it reaches the database, the outbox and mail, no domain, console, CLI or form.",
            },
            {
              target: "./server/forms",
              from: ["./server/console", "./server/routes", "./server/cli", "./server/spam"],
              message:
                "The forms' answer pages sit below the routes that serve them: no console, route, CLI or spam defence.",
            },
            {
              target: ["./server/mail", "./server/outbox", "./server/uploads", "./server/spam"],
              from: "./server/forms",
              message: "Mail, the outbox, uploads and the spam defence sit below the forms' answer pages.",
            },
            {
              target: routeFiles,
              from: routeFiles,
              message:
                "A route file does not import another route file: move what both use to a views module (server/console/views/).",
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
