// Loaded with `node --import` before the server (scripts/server-node.mjs) when
// OTEL_EXPORTER_OTLP_ENDPOINT is set, so that http and pg are instrumented before the server
// imports them. Built as dist/telemetry.js (scripts/build-server.mjs). Without the setting
// nothing here runs: the OpenTelemetry SDK is never loaded.
import { tracingSettings } from './tracing-settings';

const settings = tracingSettings(process.env);
if (settings) {
  const [{ OTLPTraceExporter }, { startTracing }] = await Promise.all([import('@opentelemetry/exporter-trace-otlp-http'), import('./tracing')]);
  // The exporter reads the OTEL_EXPORTER_OTLP_* settings itself (endpoint + /v1/traces, headers, timeout).
  // The server's stop sends the last spans before it exits (endTracing, server/main.ts).
  startTracing({ exporter: new OTLPTraceExporter(), serviceName: settings.serviceName });
}
