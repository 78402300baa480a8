import { describe, expect, it } from "vitest";
import { loadConfig } from "../config";

/** When traces are on, by OpenTelemetry's standard settings (docs/settings.md). */
describe("tracing settings", () => {
  const enabled = (env: Record<string, string>) => loadConfig(env).tracing.enabled;

  it("is off with no OpenTelemetry setting", () => {
    expect(enabled({})).toBe(false);
  });

  it("is on when an OTLP endpoint is set, for all signals or for traces", () => {
    expect(enabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(enabled({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
  });

  it("is on with OTEL_TRACES_EXPORTER=otlp alone (the exporter's default endpoint, localhost:4318)", () => {
    expect(enabled({ OTEL_TRACES_EXPORTER: "otlp" })).toBe(true);
  });

  it("stays off with OTEL_TRACES_EXPORTER=none or OTEL_SDK_DISABLED, endpoint or not", () => {
    expect(enabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" })).toBe(false);
    expect(enabled({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
  });

  it("refuses an exporter it does not have, rather than start without the traces asked for", () => {
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: "zipkin" })).toThrow(/OTEL_TRACES_EXPORTER/);
  });
});
