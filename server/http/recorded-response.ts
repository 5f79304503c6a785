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
 * Sends `head` with this request's id and nonce, `extra` headers and `body`, in one write
 * (writeHead with a flat list, then end: Node sends head and body together).
 */
export function sendRecorded(
  res: ServerResponse,
  head: RecordedHead,
  values: { requestId: string; nonce: string; extra?: string[]; body: Buffer },
): void {
  const flat: string[] = [REQUEST_ID_HEADER, values.requestId];
  for (const [name, lines] of head.headers) {
    for (const parts of lines) flat.push(name, parts.length === 1 ? (parts[0] as string) : parts.join(values.nonce));
  }
  if (values.extra) flat.push(...values.extra);
  flat.push('Content-Length', String(values.body.length));
  res.writeHead(head.status, flat);
  res.end(values.body);
}
