// A span per durable job run while tracing, so the SQL a job runs is traced under it (the pg
// instrumentation records statements only under a span). Nothing at all when not tracing.
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { isTracing } from './tracing-state';

export async function inJobSpan<T>(job: { name: string; id: string; retryCount: number }, work: () => Promise<T>): Promise<T> {
  if (!isTracing()) return work();
  return trace.getTracer('suki-jobs').startActiveSpan(`job ${job.name}`, { kind: SpanKind.CONSUMER, attributes: { 'job.name': job.name, 'job.id': job.id, 'job.retry_count': job.retryCount } }, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}
