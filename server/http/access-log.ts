// One concise access line per request that reaches Express: method, path (secret query values
// redacted), status, duration and the request id; never headers. The front writes the same line
// for what it answers itself (front.ts).
//
// Our own, not pino-http: pino-http made two child loggers per request (its request logger and
// the request-bound one), each running the logger's redaction over its bindings, whatever the
// level: 1.3 ms of CPU per request on this machine, about a twentieth of a cold product page
// (bench/README.md, change 147). Nothing reads a per-request logger (the API binds its own).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { REQUEST_ID_HEADER } from '../graphql/yoga';
import { loggablePath } from '../lib/logger';
import { requestIdOf } from './per-request';

declare module 'http' {
  interface IncomingMessage {
    /** The request id (requestIdOf), set by accessLog. */
    id?: string;
  }
}

/** Paths logged by nobody: static files, probes and metrics. */
const UNLOGGED = /^\/(assets|media)\/|^\/(healthz|metrics)$/;

export function accessLog(log: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = requestIdOf(req);
    res.setHeader(REQUEST_ID_HEADER, requestId);
    // The API reads the id from the request's header (its resolvers' log lines, masked errors):
    // one the shop made must be that header too, or the API would make a second one.
    req.headers[REQUEST_ID_HEADER] = requestId;
    req.id = requestId;
    if (!UNLOGGED.test(req.url ?? '')) {
      const startedAt = performance.now();
      // 'close' also comes when the client goes before the answer is finished.
      const done = () => {
        res.off('finish', done);
        res.off('close', done);
        writeLine(log, req, res, requestId, performance.now() - startedAt);
      };
      res.on('finish', done);
      res.on('close', done);
    }
    next();
  };
}

function writeLine(log: Logger, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse, requestId: string, ms: number) {
  const failed = res.statusCode >= 500;
  if (!log.isLevelEnabled(failed ? 'error' : 'info')) return;
  const method = req.method ?? 'GET';
  const path = loggablePath(req.originalUrl ?? req.url ?? '');
  const fields = { requestId, method, path, status: res.statusCode, ms: Math.round(ms) };
  if (failed) log.error({ ...fields, err: new Error(`failed with status code ${res.statusCode}`) }, `${method} ${path} ${res.statusCode} failed`);
  else log.info(fields, `${method} ${path} ${res.statusCode} ${fields.ms}ms`);
}
