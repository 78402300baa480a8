/** ESLint rule: server/ never imports app/ (see eslint.config.js). */
import path from "node:path";
import { fileURLToPath } from "node:url";

const appDir = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "app");

/**
 * Reports any import (static, re-export or dynamic) that resolves into app/. It resolves the path
 * rather than matching the written string, since server/app.ts is the server's own module.
 */
export const noAppInServer = {
  meta: {
    type: "problem",
    schema: [],
    messages: {
      app: "The server must not import app/ at run time: read what the build wrote (server/site-manifest.ts).",
    },
  },
  create(context) {
    const check = (node) => {
      const spec = node.source?.type === "Literal" ? node.source.value : undefined;
      if (typeof spec !== "string") return;
      const target = spec.startsWith("~/")
        ? path.join(appDir, spec.slice(2))
        : spec.startsWith(".")
          ? path.resolve(path.dirname(context.filename), spec)
          : undefined;
      if (target && (target === appDir || target.startsWith(appDir + path.sep)))
        context.report({ node, messageId: "app" });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
