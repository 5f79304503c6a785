// The two values every response gets afresh, whichever path serves it (Express or the front).
import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { REQUEST_ID_HEADER } from '../graphql/yoga';

/** The caller's x-request-id when it looks like one, else a new UUID (the access log's id). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
}

/** A CSP nonce: 16 random bytes, base64. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}
