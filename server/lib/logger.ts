// The process's logger: readable lines on a terminal, JSON otherwise, and never a secret:
// no password, hash, token, key, cookie or query parameter reaches a line.
import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';
import { trace } from '@opentelemetry/api';
import type { Config } from '../config';
import { isTracing } from '../telemetry/tracing-state';

/** Object paths whose values are replaced wherever a log call passes them. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
  ...['password', 'newPassword', 'oldPassword', 'confirmPassword', 'passwordHash', 'token', 'accessToken', 'paymentToken']
    .flatMap((key) => [key, `*.${key}`]),
  ...['secret', 'jwtSecret', 'confirmationKey', 'base64Str', 'card', 'cvc', 'params'].map((key) => `*.${key}`),
];

export function createLogger(
  config: Pick<Config, 'logLevel'>,
  destination: DestinationStream = defaultDestination(),
): Logger {
  return pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: serializeError },
      // While tracing (server/telemetry), each line names the trace and span it was written in,
      // so a collector's trace leads to its log lines; otherwise no per-line work at all.
      ...(isTracing() ? { mixin: traceOfLine } : {}),
    },
    destination,
  );
}

/** The active span's ids (W3C hex), or nothing outside a traced request or job. */
function traceOfLine(): Record<string, string> {
  const context = trace.getActiveSpan()?.spanContext();
  return context ? { traceId: context.traceId, spanId: context.spanId } : {};
}

/**
 * A terminal gets pino-pretty's one-line-per-event text, written synchronously (no worker
 * thread); anything else (a file, a log collector) gets pino's JSON lines.
 */
function defaultDestination(): DestinationStream {
  if (!process.stdout.isTTY) return pino.destination(1);
  // An access line's fields are already its message ("GET /shop 200 12ms"); its request id stays.
  return pretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,method,path,status,ms', singleLine: true });
}

/**
 * pino's error serializer without what a failed query carries: Drizzle puts the query's
 * parameters (emails, password hashes, tokens) into the message, the stack and a `params`
 * field; PostgreSQL's `detail` repeats a conflicting row's values.
 */
export function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const params = (error as { params?: unknown }).params;
  if (params !== undefined) {
    const printed = `\nparams: ${String(params)}`;
    for (const key of ['message', 'stack'] as const) {
      if (typeof serialized[key] === 'string') serialized[key] = (serialized[key] as string).split(printed).join('');
    }
    delete serialized.params;
  }
  delete serialized.detail;
  return serialized;
}

/** Query parameter names whose values are secrets: reset and verification links, payment returns. */
const SECRET_QUERY_PARAM = /token|key|secret|password|signature|uid|code|session/i;

/**
 * The path and query of a request URL with secret parameter values replaced, for access logs:
 * `/reset?token=abc&uid=7` is logged as `/reset?token=[redacted]&uid=[redacted]`.
 */
export function loggablePath(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const params = new URLSearchParams(url.slice(queryAt + 1));
  const shown = [...params].map(([name, value]) =>
    `${encodeURIComponent(name)}=${SECRET_QUERY_PARAM.test(name) ? '[redacted]' : encodeURIComponent(value)}`,
  );
  return `${url.slice(0, queryAt)}?${shown.join('&')}`;
}
