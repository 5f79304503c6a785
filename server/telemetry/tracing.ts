// OpenTelemetry traces: the HTTP request, its GraphQL operations and its SQL statements, as one
// trace per request (docs/decisions/049-tracing-off-unless-asked.md). Loaded only when tracing is
// asked for (OTEL_EXPORTER_OTLP_ENDPOINT; server/telemetry/preload.ts): a shop without it loads
// none of these packages and pays nothing per request.
import { createRequire } from 'node:module';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { markTracing } from './tracing-state';

export type TracingOptions = {
  /** Where spans go: the OTLP exporter in production, an in-memory one in tests. */
  exporter: SpanExporter;
  /** Export each span as it ends (tests) rather than in batches (production). */
  immediate?: boolean;
  serviceName?: string;
};

export type Tracing = { shutdown(): Promise<void> };

/** Paths not worth a trace: the load balancer's health probe, the scraper, static files. */
const UNTRACED = /^\/(?:healthz|metrics|assets\/|media\/|favicon)/;

/** As server/http/metrics.ts's routeKind, for the paths that are traced. */
function requestKind(url: string): string {
  return url.startsWith('/graphql') ? 'graphql' : url.startsWith('/proofs/') ? 'proof' : url.startsWith('/webhooks/') ? 'webhook' : 'page';
}

export function startTracing({ exporter, immediate = false, serviceName = 'suki' }: TracingOptions): Tracing {
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || serviceName })),
    spanProcessors: [immediate ? new SimpleSpanProcessor(exporter) : new BatchSpanProcessor(exporter)],
  });
  // The global tracer provider, W3C traceparent propagation and the async-hooks context.
  provider.register();
  const unregister = registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? ''),
        // 'GET page', 'POST graphql': the kind of request, as /metrics labels it, not the URL.
        requestHook: (span, request) => {
          if ('url' in request && 'socket' in request && !('path' in request)) span.updateName(`${request.method ?? 'GET'} ${requestKind(request.url ?? '')}`);
        },
      }),
      // Statements outside a request (the job queue's polling, the database watch) would be a
      // trace each: only SQL under a request or a job's span is recorded.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  // The server is ESM and the bundle imports `pg` and `node:http` by name: going through
  // require once here patches the classes those imports share (pg's Client and Pool
  // prototypes, http's Server), whichever loads them first.
  const require = createRequire(import.meta.url);
  require('node:http');
  require('pg');
  const tracing = {
    shutdown: async () => {
      markTracing(null);
      unregister();
      await provider.shutdown();
    },
  };
  markTracing(tracing);
  return tracing;
}
