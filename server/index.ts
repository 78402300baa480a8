// First: refuses an unsupported Node before any dependency loads.
import "./node-version";
import { buildConsoleApp } from "./console/app";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { loadEnvFileIfPresent } from "./env-file";
import { startBackgroundJobs } from "./jobs";

async function main() {
  let config;
  try {
    loadEnvFileIfPresent();
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  let app;
  try {
    app = await buildApp(config);
  } catch (error) {
    // A setting the published pages contradict: said plainly, like a bad setting, not as a crash.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const consoleApp = config.admin.port === undefined ? undefined : await buildConsoleApp(config, app.storage);
  const close = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await consoleApp?.close();
    await app.close();
    process.exit(0);
  };
  process.once("SIGTERM", () => void close("SIGTERM"));
  process.once("SIGINT", () => void close("SIGINT"));
  startBackgroundJobs(app, config);
  await app.listen({ port: config.port, host: config.host });
  if (consoleApp) await consoleApp.listen({ port: config.admin.port, host: config.host });
  app.log.info({ node: process.versions.node }, "running on Node.js");
}

void main();
