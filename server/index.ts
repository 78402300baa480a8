// First: refuses an unsupported Node before any dependency loads.
import "./node-version";
import { buildConsoleApp } from "./console/app";
import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { loadEnvFileIfPresent } from "./env-file";
import { startBackgroundJobs } from "./jobs";
import { startMetricsListener } from "./metrics/exposition";

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
  const consoleApp =
    config.admin.port === undefined
      ? undefined
      : await buildConsoleApp(config, app.storage, undefined, app.metrics, app.drain);
  /**
   * The drain: the listeners stop accepting connections, requests in flight are answered (each
   * with Connection: close, app.ts), then the outbox worker finishes its sends or releases their
   * leases (jobs.ts), then the database closes. A drain that still hangs (a request that never
   * ends) is cut off after the longest it should take.
   */
  const close = async (signal: string) => {
    app.log.info({ signal }, "draining");
    // Lame duck: /readyz answers 503 "draining" while everything still works, so a balancer
    // that checks it stops sending new requests before the listener closes.
    app.drain.started = true;
    if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    setTimeout(
      () => {
        app.log.error({ signal }, "drain did not finish in time: exiting");
        process.exit(1);
      },
      config.shutdownDelayMs + config.requestTimeout + config.shutdownTimeoutMs + 5_000,
    ).unref();
    await consoleApp?.close();
    await app.close();
    app.log.info({ signal }, "drained");
    process.exit(0);
  };
  process.once("SIGTERM", () => void close("SIGTERM"));
  process.once("SIGINT", () => void close("SIGINT"));
  startBackgroundJobs(app, config);
  // Before listen(): hooks cannot be added to a listening app.
  if (config.metrics.port !== undefined) {
    const listener = await startMetricsListener(app.metrics, {
      port: config.metrics.port,
      host: config.host,
      token: config.metrics.token,
    });
    app.addHook("onClose", () => new Promise<void>((resolve) => listener.close(() => resolve())));
  }
  await app.listen({ port: config.port, host: config.host });
  if (consoleApp) await consoleApp.listen({ port: config.admin.port, host: config.host });
  app.log.info({ node: process.versions.node }, "running on Node.js");
}

void main();
