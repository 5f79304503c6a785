// Whether the process traces, from the standard OpenTelemetry variables: read by the preload
// before anything else loads (server/config.ts validates the same variables at start).
export type TracingSettings = { endpoint: string; serviceName: string };

export function tracingSettings(env: NodeJS.ProcessEnv): TracingSettings | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return null;
  // The SDK's own off switches, honoured too.
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return null;
  return { endpoint, serviceName: env.OTEL_SERVICE_NAME || 'suki' };
}
