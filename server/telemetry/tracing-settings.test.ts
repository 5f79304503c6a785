// Tracing is on only when an OTLP endpoint is given, and the built server is then started with
// the preload; otherwise neither the flag nor any OpenTelemetry SDK package.
import { expect, it } from 'vitest';
import { serverNodeArgs } from '../../scripts/server-node.mjs';
import { tracingSettings } from './tracing-settings';

it('is off without an endpoint, and when the SDK is told to be off', () => {
  expect(tracingSettings({})).toBeNull();
  expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
  expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
});

it('is on with an endpoint (or a traces-only endpoint), named suki unless told otherwise', () => {
  expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })).toEqual({ endpoint: 'http://c:4318', serviceName: 'suki' });
  expect(tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces', OTEL_SERVICE_NAME: 'suki-1' })).toEqual({ endpoint: 'http://c:4318/v1/traces', serviceName: 'suki-1' });
});

it('the built server gets the preload only when tracing', () => {
  expect(serverNodeArgs('/srv/suki/dist/main.js', '', {}).join(' ')).not.toContain('--import');
  const traced = serverNodeArgs('/srv/suki/dist/main.js', '', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' });
  expect(traced.slice(-3)).toEqual(['--import', 'file:///srv/suki/dist/telemetry.js', '/srv/suki/dist/main.js']);
});
