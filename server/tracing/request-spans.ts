/**
 * OpenTelemetry traces of the server's requests, off by default (docs/decisions/074): one server
 * span per request, sent over OTLP/HTTP (JSON) to the collector the standard OTEL_* settings name.
 *
 * Spans are made here from Fastify's hooks rather than by @opentelemetry/instrumentation-http,
 * because that one records the raw URL with its query, the client's address and the user agent,
 * and needs a loader hook in front of the server. A span here carries only the method, the route
 * pattern (`/api/careers/roles/:slug`, never the path asked for) and the status code: no query, no
 * body, no header, no address, so nothing a visitor typed or is leaves the server in a trace.
 */
import type { Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";

export interface TracingSettings {
  /** service.name, unless OTEL_SERVICE_NAME or OTEL_RESOURCE_ATTRIBUTES say otherwise. */
  serviceName: string;
}

/** Methods named as they are; any other token is `_OTHER`, as the HTTP conventions say, so names stay a closed set. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The span's name: method and route pattern, or the method alone for a request no route matched. */
export function spanName(method: string, route: string | undefined): string {
  const name = knownMethods.has(method) ? method : "_OTHER";
  return route === undefined ? name : `${name} ${route}`;
}

export async function traceRequests(app: FastifyInstance, settings: TracingSettings): Promise<void> {
  // Loaded only now: with tracing off, none of these modules is read and start-up is unchanged.
  const [api, core, resources, sdk, otlp] = await Promise.all([
    import("@opentelemetry/api"),
    import("@opentelemetry/core"),
    import("@opentelemetry/resources"),
    import("@opentelemetry/sdk-trace"),
    import("@opentelemetry/exporter-trace-otlp-http"),
  ]);
  const provider = new sdk.TracerProvider({
    resource: resources
      .resourceFromAttributes({ "service.name": settings.serviceName })
      .merge(resources.detectResources({ detectors: [resources.envDetector] })),
    // The exporter reads OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT, _HEADERS and _TIMEOUT itself; the
    // batch sends every few seconds (OTEL_BSP_SCHEDULE_DELAY) and on shutdown.
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: new otlp.OTLPTraceExporter() })],
  });
  const tracer = provider.getTracer("altiva-site");
  const propagator = new core.W3CTraceContextPropagator();
  const spans = new WeakMap<FastifyRequest, Span>();

  app.addHook("onRequest", async (req) => {
    const route = req.routeOptions.url;
    // A caller's traceparent joins the span to its trace. tracestate is not read: it is free text
    // the client chooses, and the export would carry it.
    const traceparent = req.headers.traceparent;
    const parent = propagator.extract(
      api.ROOT_CONTEXT,
      typeof traceparent === "string" ? { traceparent } : {},
      api.defaultTextMapGetter,
    );
    const span = tracer.startSpan(
      spanName(req.method, route),
      {
        kind: api.SpanKind.SERVER,
        attributes: {
          "http.request.method": knownMethods.has(req.method) ? req.method : "_OTHER",
          ...(route === undefined ? {} : { "http.route": route }),
        },
      },
      parent,
    );
    spans.set(req, span);
  });
  app.addHook("onResponse", async (req, reply) => {
    const span = spans.get(req);
    if (!span) return;
    spans.delete(req);
    span.setAttribute("http.response.status_code", reply.statusCode);
    // Server errors only: a 4xx is the client's, as the HTTP conventions have it.
    if (reply.statusCode >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
    span.end();
  });
  app.addHook("onRequestAbort", async (req) => {
    const span = spans.get(req);
    if (!span) return;
    spans.delete(req);
    span.setAttribute("error.type", "aborted");
    span.end();
  });
  // The drain's last step sends what is still batched.
  app.addHook("onClose", () => provider.shutdown());
}
