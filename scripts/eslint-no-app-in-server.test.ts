import { RuleTester } from "eslint";
import path from "node:path";
import { describe, it } from "vitest";
import { noAppInServer } from "./eslint-no-app-in-server.js";

RuleTester.describe = describe;
RuleTester.it = it;

const inServer = path.resolve("server/routes/site.ts");
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: "module" } });

tester.run("no-app-in-server", noAppInServer, {
  valid: [
    { filename: inServer, code: 'import { buildApp } from "../app";' },
    { filename: inServer, code: 'import { readSiteManifest } from "../site-manifest";' },
    { filename: inServer, code: 'import fs from "node:fs";' },
  ],
  invalid: [
    { filename: inServer, code: 'import { pages } from "../../app/site/pages";', errors: [{ messageId: "app" }] },
    { filename: inServer, code: 'import { company } from "~/site/company";', errors: [{ messageId: "app" }] },
    { filename: inServer, code: 'export * from "../../app/site/company";', errors: [{ messageId: "app" }] },
    { filename: inServer, code: 'const m = import("../../app/site/prerender");', errors: [{ messageId: "app" }] },
  ],
});
