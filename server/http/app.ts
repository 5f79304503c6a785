// The Express app: security headers, compression, logs, health, metrics, API, media, storefront.
import { timingSafeEqual } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Request, type RequestHandler, type Response } from 'express';
import type { RequestListener } from 'node:http';
import type { Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createInProcessClient } from '../graphql/in-process';
import { createPersonalFill } from './personal-fill';
import type { Api } from '../graphql/yoga';
import { accessLog } from './access-log';
import { securityHeaders } from './security-headers';
import { createAnswerCache } from './answer-cache';
import { createFront } from './front';
import { newCspNonce } from './per-request';
import { createMediaRouter } from './media';
import { storageOf } from '../storage/file-storage';
import { createMediaCache } from '../storage/media-cache';
import { createProofOfBillingRouter } from '../modules/orders/proof-of-billing.http';
import { createSalesInvoicesRouter } from '../modules/compliance/sales-invoices.http';
import { Registry } from 'prom-client';
import type { DatabaseWatch } from './database-watch';
import { createMetrics, registerDatabasePoolMetrics, registerDatabaseUpMetric, registerMediaCacheMetrics, registerOverloadMetrics, registerPageCacheMetrics } from './metrics';
import { createOverloadGuard, type Exempt } from './overload';
import { createMailboxRouter } from '../modules/notifications/mailbox';
import { createOrderSandboxRouter } from '../modules/orders/order-sandbox';
import { createCardReturnRouter, createMayaSandboxRouter } from '../modules/payments/saved-cards/saved-cards.http';
import { createSandboxRouter } from '../modules/payments/sandbox/sandbox.router';
import { createWebhooksRouter } from '../modules/payments/webhooks/webhooks.router';
import { refuseCrossSitePosts } from './cross-site';
import { healthCheck } from './health';
import { createPageCache, PAGE_TAGS_LOCAL } from './page-cache';
import { precompressed } from './precompressed';
import { TOKEN_COOKIE } from '../graphql/context';
import { createMainFragmentStore } from '../../app/lib/main-fragment.server';

export type HttpDeps = {
  config: Config;
  database: DatabaseHandle;
  api: Api;
  log: Logger;
  rootDir: string;
  /** Present in `npm run dev`: Vite serves and hot-reloads the storefront. */
  vite?: ViteDevServer;
  /** More metrics for /metrics (the job runner's). */
  metricsRegistries?: Registry[];
  /** On PostgreSQL: whether the database answers, so that an outage is said at once. */
  databaseWatch?: DatabaseWatch;
};

const GRAPHIQL_CSP = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The shop's request handler: the front (cache hits, front.ts) before the Express app. */
export async function createHttpApp(deps: HttpDeps): Promise<RequestListener> {
  const { config, database, api, log, vite } = deps;
  const app = express();
  app.disable('x-powered-by');
  // Off by default: behind a proxy every shopper would otherwise share its address, and any
  // local peer could claim to be anyone (README: TRUST_PROXY).
  app.set('trust proxy', config.trustProxy);

  app.use(accessLog(log));

  app.use((_req, res, next) => {
    res.locals.cspNonce = newCspNonce();
    next();
  });
  const facebookLogin = Boolean(config.facebook.appId && config.facebook.appSecret);
  app.use(
    securityHeaders((nonceOf) => ({
      // Vite's dev client injects inline scripts and a websocket; the CSP guards the built app.
      contentSecurityPolicy: vite
        ? false
        : {
            useDefaults: true,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => `'nonce-${nonceOf(res as Response)}'`,
                // Facebook's JS SDK, only when Facebook login is configured.
                ...(facebookLogin ? ['https://connect.facebook.net'] : []),
              ],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              connectSrc: [
                "'self'",
                ...(facebookLogin ? ['https://graph.facebook.com', 'https://www.facebook.com'] : []),
                // The card form tokenises straight with Maya when real keys are set.
                ...(config.providers.maya ? [new URL(config.providers.maya.baseUrl).origin] : []),
              ],
              frameSrc: facebookLogin ? ['https://www.facebook.com', 'https://web.facebook.com'] : ["'none'"],
              fontSrc: ["'self'", 'data:'],
              objectSrc: ["'none'"],
              frameAncestors: ["'none'"],
              formAction: ["'self'", 'https:'],
              upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
            },
          },
      crossOriginEmbedderPolicy: false,
      // No referrer to other sites, as before; but same-origin, so that a form posted without
      // JavaScript carries the shop's Origin (with no-referrer browsers send "Origin: null",
      // and React Router refuses the action as cross-origin).
      referrerPolicy: { policy: 'same-origin' },
      strictTransportSecurity: config.publicUrl.startsWith('https:'),
    })),
  );
  // GraphiQL (demo and development only) is one page of inline scripts and blob: workers.
  if (!config.isLive) {
    app.get('/graphql', (req, res, next) => {
      if (req.accepts(['json', 'html']) === 'html') res.setHeader('content-security-policy', GRAPHIQL_CSP);
      next();
    });
  }
  app.use(compression());

  const metrics = createMetrics(() => database.statementCount());
  app.use(metrics.middleware);
  // Visitors' public pages, rendered once per catalogue generation (server/http/page-cache.ts)
  // and kept here, after the headers, compression and metrics; the front serves the hits.
  const pageCache = vite ? undefined : createPageCache({ generation: () => api.catalogueGeneration(), tokenCookie: TOKEN_COOKIE, maxBytes: config.memory.pageCacheBytes, productChanges: api.productChanges });
  // A change to one product drops only the pages that showed it (ADR 053).
  if (pageCache) api.productChanges.listen((tags) => pageCache.drop(tags));
  if (pageCache) app.get('/{*path}', pageCache.recorder);
  if (pageCache) registerPageCacheMetrics(metrics.registry, pageCache.counts, () => api.catalogueGeneration(), () => api.productChanges.seq());
  // Load shedding (server/http/overload.ts): misses take turns, or get a 503 with Retry-After.
  const guard = createOverloadGuard(config.overload, { log });
  registerOverloadMetrics(metrics.registry, guard);
  const registry = deps.metricsRegistries?.length ? Registry.merge([metrics.registry, ...deps.metricsRegistries]) : metrics.registry;

  app.get('/healthz', healthCheck(database, log, { busy: guard.busy, retryAfterSeconds: config.overload.retryAfterSeconds }, deps.databaseWatch));
  if (deps.databaseWatch) registerDatabaseUpMetric(metrics.registry, deps.databaseWatch);
  if (database.poolStats) registerDatabasePoolMetrics(metrics.registry, database.poolStats);
  // Served only with METRICS_TOKEN, to a scraper that sends it as a bearer token.
  app.get('/metrics', async (req, res, next) => {
    if (!config.metricsToken) return next();
    if (!bearerMatches(req.get('authorization'), config.metricsToken)) {
      res.status(401).set('www-authenticate', 'Bearer').end();
      return;
    }
    res.type(registry.contentType).send(await registry.metrics());
  });

  // Stored files (server/storage): public media with a year's cache, kept in memory up to
  // MEDIA_CACHE_MB; proofs of billing only to their owner and staff, never cached.
  const mediaCache = createMediaCache(config.memory.mediaCacheBytes);
  registerMediaCacheMetrics(metrics.registry, mediaCache.counts, mediaCache.size);
  app.use('/media', createMediaRouter({ storage: () => storageOf({ config, db: database.db }), cache: mediaCache }));
  app.use('/proofs', createProofOfBillingRouter({ db: database.db, config }));
  // Sales invoices' and credit memos' PDFs to their owner and staff, the sales book to staff (ADR 052).
  app.use(createSalesInvoicesRouter({ db: database.db, config, log }));

  app.use(refuseCrossSitePosts({ publicUrl: config.publicUrl, exemptPrefixes: ['/graphql', '/webhooks/'] }));

  // Payment providers' webhooks and shopper returns; the built-in payment sandbox's pages.
  app.use('/webhooks', createWebhooksRouter({ db: database.db, config, log }));
  if (config.paymentsSandbox.enabled) app.use('/sandbox', createSandboxRouter({ db: database.db, config, log }));

  // Express 5 and Yoga's node adapter disagree on types only; the call is the documented one.
  app.use('/graphql', (req, res) => void api(req, res));

  // The email outbox for people trying the shop without a mail server; never in a live shop.
  if (!config.isLive) app.use('/dev/mailbox', createMailboxRouter(database.db));
  // Staff order events (confirm, fulfil...) for the demo and the end-to-end tests, until the back office.
  if (!config.isLive) app.use('/dev/orders', createOrderSandboxRouter({ db: database.db, config, log }));
  // Saved cards: the return from 3-D Secure; outside live mode, the Maya sandbox.
  app.use('/payments', createCardReturnRouter({ db: database.db, config, log }));
  if (!config.isLive) app.use('/sandbox/maya', createMayaSandboxRouter(config));

  // Pages' stored <main> markup (ADR 028), bounded by MAIN_FRAGMENT_CACHE_MB.
  const mainFragments = createMainFragmentStore(config.memory.mainFragmentBytes);
  const loadContext = (req: Request, res: Response) => ({
    api: createInProcessClient(api, {
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
      requestId: String(req.id),
      clientIp: req.ip,
      // A page the page cache may keep learns what its answers show (page-cache.ts).
      pageTags: pageCache && pageCache.keyOf(req) !== null ? (res.locals[PAGE_TAGS_LOCAL] = { tags: new Set<string>(), unknown: false }) : undefined,
    }),
    cspNonce: String(res.locals.cspNonce),
    publicUrl: config.publicUrl,
    requestId: String(req.id),
    secureCookies: config.publicUrl.startsWith('https:'),
    mainFragments,
  });

  if (vite) {
    app.use(vite.middlewares);
    app.all(
      '/{*path}',
      createRequestHandler({
        build: () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
        getLoadContext: loadContext,
        mode: 'development',
      }),
    );
  } else {
    const clientDir = path.join(deps.rootDir, 'build/client');
    // Hashed file names: cache for a year. Compressed by the build (scripts/precompress-assets.mjs).
    const assetsDir = path.join(clientDir, 'assets');
    app.use('/assets', precompressed(assetsDir), express.static(assetsDir, { immutable: true, maxAge: '1y' }));
    // The top-level files (favicon, manifest, service worker) likewise, the bigger ones compressed by the build.
    const topLevel = express.Router();
    topLevel.use(precompressed(clientDir), express.static(clientDir, { maxAge: '1h', index: false }));
    app.use(topLevelFiles(clientDir, topLevel));
    const build = (await import(path.join(deps.rootDir, 'build/server/index.js'))) as ServerBuild;
    app.all(
      '/{*path}',
      createRequestHandler({ build, getLoadContext: loadContext, mode: 'production' }),
    );
  }
  const answers = createAnswerCache({ generation: () => api.catalogueGeneration(), holds: (etag) => api.holdsAnswer(etag), maxBytes: config.memory.answerCacheBytes });
  return createFront(
    { pages: pageCache, answers, metrics, log, guard, exempt: exemptFromTurns(path.join(deps.rootDir, 'build/client')), outage: deps.databaseWatch, personal: createPersonalFill(api, log) },
    app,
  );
}

/** Probes, metrics and static files never wait for a turn nor are refused (overload.ts). */
export function exemptFromTurns(clientDir: string): Exempt {
  const names = new Set(existsSync(clientDir) ? readdirSync(clientDir) : []);
  return (urlPath) =>
    urlPath === '/healthz' || urlPath === '/metrics' || urlPath.startsWith('/assets/') || urlPath.startsWith('/media/') || names.has(urlPath.split('/')[1] ?? '');
}

/**
 * The build's top-level public files (favicon, manifest, sw.js, gateways/...) through `serve`;
 * every other path skips it. Without the guard each page request cost a stat() of a file that
 * is not there (bench/README.md, "Cached pages served first"). The list is read once: the build does not change
 * under a running shop.
 */
export function topLevelFiles(dir: string, serve: RequestHandler): RequestHandler {
  const names = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    const first = req.path.split('/')[1] ?? '';
    if (names.has(first)) return serve(req, res, next);
    next();
  };
}

/** Whether an Authorization header carries exactly this bearer token (constant-time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
