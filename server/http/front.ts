// The front: visitors' cache hits answered on node:http before Express and Yoga see the request
// (docs/decisions/027-front-cache-hits.md). Express's middleware (access log, nonce,
// helmet's eleven, compression, metrics, router) cost more than a page-cache hit itself, and
// Yoga's request handling more than an answer-cache hit. A hit here sends the head the full path
// sent for the same question (recorded-response.ts) with this request's own request id (an API
// answer also with its own CSP nonce; a stored page is nonce-free, its scripts allowed by hash,
// ADR 030) and the kept body, compressed once per page and encoding, in one write; it is counted in /metrics and written to the access
// log as Express would. Everything else, and every miss, goes to Express unchanged.
import { brotliCompress, constants as zlibConstants, deflate, gzip } from 'node:zlib';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import Negotiator from 'negotiator';
import type { Logger } from 'pino';
import { loggablePath } from '../lib/logger';
import type { AnswerCache } from './answer-cache';
import { sendOutage, type DatabaseWatch } from './database-watch';
import type { Metrics } from './metrics';
import type { Exempt, OverloadGuard } from './overload';
import { PAGE_CACHE_HEADER, SIGNED_IN_HINT, SIGNED_IN_HINT_CLEARED, SIGNED_IN_HINT_COOKIE, type Page, type PageCache } from './page-cache';
import { newCspNonce, requestIdOf } from './per-request';
import { PERSONAL_FILL_PATH, type PersonalFill } from './personal-fill';
import { sendRecorded } from './recorded-response';

export type FrontOptions = {
  /** Visitors' pages (absent in development, where Vite serves the storefront). */
  pages?: Pick<PageCache, 'find' | 'shellOf' | 'flights' | 'counts'>;
  /** Visitors' API answers (absent when the response cache is off). */
  answers?: AnswerCache;
  metrics: Pick<Metrics, 'record'>;
  log: Logger;
  /** Load shedding (overload.ts): every miss takes a turn, or is refused with a 503. */
  guard?: Pick<OverloadGuard, 'admit'>;
  /** Paths that never wait for a turn (probes, metrics, static files). */
  exempt?: Exempt;
  /** While PostgreSQL is known to be down, misses get the outage 503 at once (database-watch.ts). */
  outage?: Pick<DatabaseWatch, 'isDown'>;
  /** The fill of a signed-in shopper's public page (personal-fill.ts), answered here, after a turn. */
  personal?: PersonalFill;
};

export function createFront(options: FrontOptions, app: RequestListener): RequestListener {
  const { pages, answers, guard, exempt } = options;

  /**
   * The full path, after a turn when the process sheds load (hits never wait); a refusal (503)
   * is counted and logged as a hit is.
   */
  function work(req: IncomingMessage, res: ServerResponse, startedAt: number) {
    const isExempt = exempt?.(pathOf(req)) ?? false;
    // Kept pages and answers are still served above; anything that needs the database is told
    // at once instead of waiting 15 s for a connection. /healthz says it in its own words.
    if (options.outage?.isDown() && !isExempt) {
      sendOutage(req, res);
      return served(req, 503, requestIdOf(req), startedAt);
    }
    if (!guard || isExempt) return app(req, res);
    guard.admit(req, res, () => app(req, res), () => served(req, 503, requestIdOf(req), startedAt));
  }

  /** The fill: it asks the database, so it waits its turn as a miss does, then skips Express. */
  function fill(req: IncomingMessage, res: ServerResponse, startedAt: number, answer: PersonalFill) {
    const requestId = requestIdOf(req);
    const run = () => void answer(req, res, requestId).then((status) => served(req, status, requestId, startedAt));
    if (options.outage?.isDown()) {
      sendOutage(req, res);
      return served(req, 503, requestId, startedAt);
    }
    if (!guard) return run();
    guard.admit(req, res, run, () => served(req, 503, requestId, startedAt));
  }

  /** Counted and logged as the Express path counts and logs (metrics.ts, accessLogOptions). */
  function served(req: IncomingMessage, status: number, requestId: string, startedAt: number) {
    const ms = performance.now() - startedAt;
    const method = req.method ?? 'GET';
    const url = req.url ?? '';
    options.metrics.record(method, url, status, ms / 1000);
    if (options.log.isLevelEnabled('info')) {
      const path = loggablePath(url);
      options.log.info({ requestId, method, path, status, ms: Math.round(ms) }, `${method} ${path} ${status} ${Math.round(ms)}ms`);
    }
  }

  function servePage(req: IncomingMessage, res: ServerResponse, page: Page, startedAt: number, cookie?: string) {
    const requestId = requestIdOf(req);
    const send = (sent: Buffer, encoding: string | null) => {
      const extra = encoding ? [PAGE_CACHE_HEADER, 'hit', 'Content-Encoding', encoding] : [PAGE_CACHE_HEADER, 'hit'];
      if (cookie) extra.push('Set-Cookie', cookie);
      // A stored page and its head hold no nonce (page-cache.ts): none to write in.
      sendRecorded(res, page.head, { requestId, nonce: '', extra, body: sent });
      served(req, page.head.status, requestId, startedAt);
    };
    // As compression() decided for the full path: compressible, negotiated, and at least 1 KB
    // when it knew the length (a streamed render it compresses whatever its size).
    const encoding = page.compressible && (!page.lengthKnown || page.bytes >= COMPRESSION_THRESHOLD) ? encodingFor(req) : 'identity';
    if (encoding === 'identity') return send(page.body, null);
    const encoded = page.encoded.get(encoding) ?? encodeOnce(page, encoding);
    if (Buffer.isBuffer(encoded)) return send(encoded, encoding);
    encoded.then((compressed) => send(compressed, encoding), () => send(page.body, null));
  }

  /**
   * Serves the stored page, or renders it once for every concurrent miss of its key: the first
   * miss leads (the full path renders and keeps it), the others wait for it to land and are then
   * served only what a lookup finds, exactly as a hit; when it found nothing (the answer was not
   * storable), they render themselves. False when the request is not the page cache's.
   */
  function pageOrRender(req: IncomingMessage, res: ServerResponse, startedAt: number, waited?: { generation: number; times: number }, cookie?: string): boolean {
    const found = pages?.find(req);
    if (!pages || !found) return false;
    if (found.page) {
      pages.counts[waited ? 'waited' : 'hit'] += 1;
      servePage(req, res, found.page, startedAt, cookie);
      return true;
    }
    // After a wait in this same generation the leader's answer was not storable: render alone
    // (waiting again would queue every such request behind another). After a generation
    // change, join (or lead) the new generation's flight, a bounded number of times (catalogue
    // changes may follow each other during a sale).
    const alone = waited && (waited.generation === found.generation || waited.times >= MAX_WAITS);
    const flight = alone ? null : pages.flights.join(found.key, found.generation);
    if (!flight || flight.lead) {
      pages.counts.miss += 1;
      // 'close' follows 'finish', and also comes when the client goes mid-render.
      if (flight) res.once('close', flight.land);
      work(req, res, startedAt);
      return true;
    }
    void flight.landed.then(() => pageOrRender(req, res, startedAt, { generation: found.generation, times: (waited?.times ?? 0) + 1 }));
    return true;
  }

  /**
   * Sends the kept answer, or lets Yoga answer once for every concurrent miss of the question,
   * as pageOrRender does for pages: the others wait and are then sent only what a lookup finds.
   */
  function answerOrAsk(req: IncomingMessage, res: ServerResponse, answers: AnswerCache, prefix: string, body: Buffer, startedAt: number, waited?: { generation: number; times: number }) {
    const answer = answers.lookup(prefix, body);
    if (answer) {
      const requestId = requestIdOf(req);
      sendRecorded(res, answer.head, { requestId, nonce: newCspNonce(), body: answer.body });
      return served(req, answer.head.status, requestId, startedAt);
    }
    const generation = answers.generation();
    const flight = generation === null || (waited && (waited.generation === generation || waited.times >= MAX_WAITS)) ? null : answers.flights.join(answers.fullKey(prefix, body), generation);
    if (flight && !flight.lead) {
      // A flight is joined only with a generation.
      const next = { generation: generation as number, times: (waited?.times ?? 0) + 1 };
      void flight.landed.then(() => answerOrAsk(req, res, answers, prefix, body, startedAt, next));
      return;
    }
    if (flight) res.once('close', flight.land);
    answers.record(prefix, body, res);
    // The stream is read: Yoga's node adapter takes a body already read from req.body.
    if (body.length > 0) (req as IncomingMessage & { body?: Buffer }).body = body;
    work(req, res, startedAt);
  }

  /**
   * A signed-in shopper's public page (page-cache.ts's shellOf, docs/decisions/055): the
   * visitors' page, the session cookie taken off the request so that nothing after this reads
   * it. A stored page is served at once, with the hint cookie when the browser lacks it; a miss
   * is rendered as a visitor's (and kept) only for a browser that has the hint, since a response
   * setting a cookie is never kept. Without the hint and without a stored page the request stays
   * personal and renders in full, as before, and the hint goes with it. False when the request
   * is not such a page.
   */
  function shellPage(req: IncomingMessage, res: ServerResponse, startedAt: number): boolean {
    const shell = pages?.shellOf(req);
    if (!pages || !shell) return false;
    const personal = req.headers.cookie;
    if (shell.cookie) req.headers.cookie = shell.cookie;
    else delete req.headers.cookie;
    const found = pages.find(req);
    if (found && (found.page || shell.hinted)) return pageOrRender(req, res, startedAt, undefined, shell.hinted ? undefined : SIGNED_IN_HINT);
    req.headers.cookie = personal;
    if (!shell.hinted) res.setHeader('Set-Cookie', SIGNED_IN_HINT);
    return false;
  }

  return (req, res) => {
    const startedAt = performance.now();
    if (options.personal && req.method === 'GET' && pathOf(req) === PERSONAL_FILL_PATH) return fill(req, res, startedAt, options.personal);
    if (shellPage(req, res, startedAt)) return;
    // A hint left from a session that ended (page-cache.ts): cleared with a stored page.
    const staleHint = req.headers.cookie && HINT_SENT.test(req.headers.cookie) ? SIGNED_IN_HINT_CLEARED : undefined;
    if (pageOrRender(req, res, startedAt, undefined, staleHint)) return;
    const prefix = answers?.candidate(req) ?? null;
    if (!answers || prefix === null) return work(req, res, startedAt);
    readBody(req, (body) => answerOrAsk(req, res, answers, prefix, body, startedAt));
  };
}

/** Reads the request's whole body (its length was checked by candidate()). */
function readBody(req: IncomingMessage, done: (body: Buffer) => void) {
  if (req.method === 'GET') return done(EMPTY);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  // A client gone mid-body: nothing to answer; the socket is closed by Node.
  req.once('error', () => undefined);
  req.once('end', () => done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)));
}

const EMPTY = Buffer.alloc(0);
const HINT_SENT = new RegExp(`(?:^|;)\\s*${SIGNED_IN_HINT_COOKIE}=`);
const pathOf = (req: IncomingMessage) => {
  const url = req.url ?? '';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};
/** Renders of one key a miss waits for at most before it renders itself. */
const MAX_WAITS = 3;

// compression()'s defaults (compression 1.8): threshold 1 KB, brotli preferred at quality 4.
const COMPRESSION_THRESHOLD = 1024;
const SUPPORTED_ENCODINGS = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED_ENCODINGS = ['br', 'gzip'];
const BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

/** The Accept-Encoding values seen, negotiated once each (a browser sends one of a few). */
const negotiated = new Map<string, string>();

/** The encoding compression() would choose for this request. */
export function encodingFor(req: IncomingMessage): string {
  const accept = req.headers['accept-encoding'];
  // compression(): without the header, identity (its enforceEncoding default).
  if (accept === undefined || accept === '') return 'identity';
  const known = negotiated.get(accept);
  if (known) return known;
  const chosen = new Negotiator(req).encoding(SUPPORTED_ENCODINGS, PREFERRED_ENCODINGS) ?? 'identity';
  if (negotiated.size < 64) negotiated.set(accept, chosen);
  return chosen;
}

/**
 * The page's body in this encoding, compressed once for every hit that asks for it (the first
 * hits wait for one compression, off the main thread in libuv's pool, as compression()'s are).
 */
function encodeOnce(page: Page, encoding: string): Promise<Buffer> {
  const pending = new Promise<Buffer>((resolve, reject) => compress(encoding, page.body, (error, result) => (error ? reject(error) : resolve(result))));
  page.encoded.set(encoding, pending);
  pending.then(
    (compressed) => page.encoded.set(encoding, compressed),
    () => page.encoded.delete(encoding),
  );
  return pending;
}

function compress(encoding: string, body: Buffer, done: (error: Error | null, result: Buffer) => void) {
  if (encoding === 'br') brotliCompress(body, BROTLI_OPTIONS, done);
  else if (encoding === 'gzip') gzip(body, done);
  else deflate(body, done);
}
