import js from "@eslint/js";
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
    files: ["app/**/*.tsx", "admin/**/*.tsx"],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ["app/**/*.{ts,tsx}", "admin/**/*.{ts,tsx}"],
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
    files: ["admin/**/*.{ts,tsx}"],
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
);
