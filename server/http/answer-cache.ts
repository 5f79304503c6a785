// Visitors' API answers as the full path sent them over HTTP, bytes and head, so that the front
// (front.ts) sends a repeated question's answer without Express or Yoga.
//
// What may be kept is decided by the API's own response cache (response-cache.ts, ADR 013),
// never here: an answer is recorded only when the full path answered 200 with an ETag that the
// response cache holds in the current generation (so: a visitor, only public root fields, no
// error, no mutation), and served only while the response cache still holds it. The key is
// the request line, the body (query text, variables, operation name, byte for byte) and every
// request header that can change the answer's bytes or its refusal: Accept (content type),
// Accept-Encoding (the body is kept as sent, compressed or not), Content-Type and the CSRF
// headers (a request Yoga's CSRF prevention refuses never matches an answered one), Origin
// (CORS headers). Requests with credentials, conditional requests (304s) and bodies without a
// Content-Length or over MAX_BODY_BYTES are never looked up.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { readToken } from '../graphql/context';
import { CSRF_HEADER } from '../graphql/yoga';
import { recordHead, writtenBytes, type RecordedHead } from './recorded-response';
import { createFlights } from './single-flight';

const KEY_HEADERS = ['accept', 'accept-encoding', 'content-type', 'origin', CSRF_HEADER, 'x-graphql-yoga-csrf'];
const MAX_BODY_BYTES = 32 * 1024;
const MAX_ANSWER_BYTES = 512 * 1024;
/** The response cache's own safety-net TTL; a hit also needs the response cache to hold the answer. */
const TTL_MS = 5 * 60 * 1000;

export type Answer = { head: RecordedHead; body: Buffer; etag: string; generation: number };

export type AnswerCacheOptions = {
  /** The public catalogue's generation; null while the response cache is off or not listening. */
  generation: () => number | null;
  /** Whether the API's response cache holds the answer with this ETag now. */
  holds: (etag: string) => boolean;
  /** Upper bound of the answers kept, in bytes (ANSWER_CACHE_MB). */
  maxBytes?: number;
};

export type AnswerCache = ReturnType<typeof createAnswerCache>;

export function createAnswerCache(options: AnswerCacheOptions) {
  const store = new LRUCache<string, Answer>({
    maxSize: Math.max(1, options.maxBytes ?? 8 * 1024 * 1024),
    // The key (request line, headers, body) is a string: two bytes a character at worst.
    sizeCalculation: (answer, key) => answer.body.length + 2 * key.length + 1024,
    ttl: TTL_MS,
  });

  /**
   * The request's key without its body, or null when it is no visitor's API question: GET or
   * POST /graphql, no credentials (the response cache's own rule, readToken, and no
   * Authorization header at all), not conditional, a POST body of known, bounded length.
   */
  function candidate(req: IncomingMessage): string | null {
    const { method, headers } = req;
    const url = req.url ?? '';
    if (method !== 'POST' && method !== 'GET') return null;
    if (!(url === '/graphql' || url.startsWith('/graphql?'))) return null;
    if (headers.authorization !== undefined || headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) return null;
    if (method === 'POST') {
      const length = Number(headers['content-length']);
      if (headers['transfer-encoding'] !== undefined || !(length >= 0 && length <= MAX_BODY_BYTES)) return null;
    }
    if (headers.cookie !== undefined && readToken(nodeHeaders(req)) !== null) return null;
    let key = `${method} ${url}`;
    for (const name of KEY_HEADERS) {
      const value = headers[name];
      key += value === undefined ? '\n-' : `\n=${String(value)}`;
    }
    return key;
  }

  const fullKey = (prefix: string, body: Buffer) => `${prefix}\n${body.toString('latin1')}`;

  /** The answer kept for this question, if the response cache would still serve it. */
  function lookup(prefix: string, body: Buffer): Answer | null {
    const generation = options.generation();
    if (generation === null) return null;
    const answer = store.get(fullKey(prefix, body));
    return answer && answer.generation === generation && options.holds(answer.etag) ? answer : null;
  }

  /**
   * Watches the full path answer this question (call before it runs) and keeps the answer
   * when the response cache holds it. Sees the bytes as they go to the socket, after
   * compression.
   */
  function record(prefix: string, body: Buffer, res: ServerResponse): void {
    const generation = options.generation();
    if (generation === null) return;
    const chunks: Buffer[] = [];
    let size = 0;
    const collect = (chunk: unknown, encoding: unknown) => {
      if (size > MAX_ANSWER_BYTES) return;
      const buffer = writtenBytes(chunk, encoding);
      if (!buffer) return;
      size += buffer.length;
      chunks.push(buffer);
    };
    // res.write/res.end have several overloads; the wrappers pass every argument through.
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      collect(args[0], args[1]);
      const ended = end(...args);
      const etag = res.getHeader('etag');
      if (
        res.statusCode === 200 &&
        size <= MAX_ANSWER_BYTES &&
        typeof etag === 'string' &&
        res.getHeader('set-cookie') === undefined &&
        options.generation() === generation &&
        etag.startsWith(`g${generation}:`) &&
        options.holds(etag)
      ) {
        const nonce = (res as ServerResponse & { locals?: { cspNonce?: unknown } }).locals?.cspNonce;
        store.set(fullKey(prefix, body), { head: recordHead(res, typeof nonce === 'string' ? nonce : ''), body: Buffer.concat(chunks), etag, generation });
      }
      return ended;
    }) as ServerResponse['end'];
  }

  // Concurrent misses of one question: one goes to Yoga, the others wait for it (single-flight.ts).
  return { candidate, lookup, record, fullKey, generation: options.generation, flights: createFlights() };
}

/** Node's request headers behind the Fetch Headers getter that readToken reads. */
function nodeHeaders(req: IncomingMessage): Pick<Headers, 'get'> {
  return {
    get: (name) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
  };
}
