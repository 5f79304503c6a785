// The Express app: security headers, compression, logs, health, metrics, API, media, storefront.
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type Request, type Response } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createInProcessClient } from '../graphql/in-process';
import { REQUEST_ID_HEADER, type Api } from '../graphql/yoga';
import { createMediaRouter } from './media';
import { createMetrics } from './metrics';
import { createMailboxRouter } from '../modules/notifications/mailbox';

export type HttpDeps = {
  config: Config;
  database: DatabaseHandle;
  api: Api;
  log: Logger;
  rootDir: string;
  /** Present in `npm run dev`: Vite serves and hot-reloads the storefront. */
  vite?: ViteDevServer;
};

export async function createHttpApp(deps: HttpDeps) {
  const { config, database, api, log, vite } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');

  app.use(
    pinoHttp({
      logger: log,
      genReqId: (req, res) => {
        const given = req.headers[REQUEST_ID_HEADER];
        const id = typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req) => /^\/(assets|media)\/|^\/(healthz|metrics)$/.test(req.url ?? '') },
    }),
  );

  app.use((_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString('base64');
    next();
  });
  const facebookLogin = Boolean(config.facebook.appId && config.facebook.appSecret);
  app.use(
    helmet({
      // Vite's dev client injects inline scripts and a websocket; the CSP guards the built app.
      contentSecurityPolicy: vite
        ? false
        : {
            useDefaults: true,
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: [
                "'self'",
                (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`,
                // Facebook's JS SDK, only when Facebook login is configured.
                ...(facebookLogin ? ['https://connect.facebook.net'] : []),
              ],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", 'data:', 'blob:'],
              connectSrc: ["'self'", ...(facebookLogin ? ['https://graph.facebook.com', 'https://www.facebook.com'] : [])],
              frameSrc: facebookLogin ? ['https://www.facebook.com', 'https://web.facebook.com'] : ["'none'"],
              fontSrc: ["'self'", 'data:'],
              objectSrc: ["'none'"],
              frameAncestors: ["'none'"],
              formAction: ["'self'", 'https:'],
              upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
            },
          },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: config.publicUrl.startsWith('https:'),
    }),
  );
  app.use(compression());

  const metrics = createMetrics();
  app.use(metrics.middleware);

  app.get('/healthz', async (_req, res) => {
    try {
      await database.ping();
      res.json({ status: 'ok', database: database.driver });
    } catch (error) {
      log.error({ err: error }, 'health check failed');
      res.status(503).json({ status: 'unavailable', database: database.driver });
    }
  });
  app.get('/metrics', async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });

  app.use('/media', createMediaRouter(config.dataDir));

  // Express 5 and Yoga's node adapter disagree on types only; the call is the documented one.
  app.use('/graphql', (req, res) => void api(req, res));

  // The email outbox for people trying the shop without a mail server; never in a live shop.
  if (!config.isLive) app.use('/dev/mailbox', createMailboxRouter(database.db));

  const loadContext = (req: Request, res: Response) => ({
    api: createInProcessClient(api, {
      cookie: req.headers.cookie,
      authorization: req.headers.authorization,
      requestId: String(req.id),
      clientIp: req.ip,
    }),
    cspNonce: String(res.locals.cspNonce),
    publicUrl: config.publicUrl,
    requestId: String(req.id),
    secureCookies: config.publicUrl.startsWith('https:'),
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
    // Hashed file names: cache for a year.
    app.use('/assets', express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y' }));
    app.use(express.static(clientDir, { maxAge: '1h', index: false }));
    const build = (await import(path.join(deps.rootDir, 'build/server/index.js'))) as ServerBuild;
    app.all(
      '/{*path}',
      createRequestHandler({ build, getLoadContext: loadContext, mode: 'production' }),
    );
  }
  return app;
}
