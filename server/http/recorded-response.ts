// A response's head as the full Express path sent it, kept to be sent again to another
// request with that request's own values (request id, CSP nonce): the front (front.ts) answers
// cache hits with exactly the headers the full path sends, without running the path.
import type { ServerResponse } from 'node:http';
import { REQUEST_ID_HEADER } from '../graphql/yoga';

/** One header: its name as the path wrote it, each of its lines cut where the nonce stood. */
type RecordedHeader = [name: string, lines: string[][]];
export type RecordedHead = { status: number; headers: RecordedHeader[] };

/**
 * Headers that belong to one request or to the connection, never replayed: Node writes the
 * date, connection and framing itself, and the request id is each request's own.
 */
const PER_RESPONSE = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', REQUEST_ID_HEADER]);

/**
 * A chunk given to `res.write`/`res.end` as the bytes it sends, or null for none (a callback in
 * the chunk's place). A Uint8Array is copied: the writer may reuse its memory after the call.
 */
export function writtenBytes(chunk: unknown, encoding: unknown): Buffer | null {
  if (chunk == null || typeof chunk === 'function') return null;
  if (Buffer.isBuffer(chunk)) return chunk;
  if (typeof chunk === 'string') return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return null;
}

/** The status and headers `res` was sent with (call once its head is written), minus `also`. */
export function recordHead(res: ServerResponse, nonce: string, also: readonly string[] = []): RecordedHead {
  const headers: RecordedHeader[] = [];
  // Node has had getRawHeaderNames since 15.13; @types/node does not declare it.
  for (const name of (res as ServerResponse & { getRawHeaderNames(): string[] }).getRawHeaderNames()) {
    const lower = name.toLowerCase();
    if (PER_RESPONSE.has(lower) || also.includes(lower)) continue;
    const value = res.getHeader(lower);
    if (value === undefined) continue;
    const lines = Array.isArray(value) ? value : [String(value)];
    headers.push([name, lines.map((line) => (nonce ? line.split(nonce) : [line]))]);
  }
  return { status: res.statusCode, headers };
}

/** The header value among `head`'s, lower-case name, nonce left out; undefined when absent. */
export function recordedHeader(head: RecordedHead, name: string): string | undefined {
  const found = head.headers.find(([raw]) => raw.toLowerCase() === name);
  return found?.[1].map((parts) => parts.join('')).join(', ');
}

/**
 * Sends `head` with this request's id and nonce, `extra` headers and `body` (one buffer, or
 * pieces sent as they are rather than copied into one), corked into one write.
 */
export function sendRecorded(
  res: ServerResponse,
  head: RecordedHead,
  values: { requestId: string; nonce: string; extra?: string[]; body: Buffer | Buffer[] },
): void {
  const flat: string[] = [REQUEST_ID_HEADER, values.requestId];
  for (const [name, lines] of head.headers) {
    for (const parts of lines) flat.push(name, parts.length === 1 ? (parts[0] as string) : parts.join(values.nonce));
  }
  if (values.extra) flat.push(...values.extra);
  const pieces = Array.isArray(values.body) ? values.body : [values.body];
  let length = 0;
  for (const piece of pieces) length += piece.length;
  flat.push('Content-Length', String(length));
  res.writeHead(head.status, flat);
  if (pieces.length === 1) return void res.end(pieces[0]);
  // Corked: the head and every piece leave in one writev, without a copy into one buffer.
  res.cork();
  for (const piece of pieces) res.write(piece);
  res.end();
  res.uncork();
}
