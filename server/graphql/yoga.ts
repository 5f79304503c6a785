// The GraphQL endpoint: Yoga over the Pothos schema, hardened, with masked unexpected errors.
import { randomUUID } from 'node:crypto';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, NoSchemaIntrospectionCustomRule, type DocumentNode, type ExecutionResult } from 'graphql';
import { LRUCache } from 'lru-cache';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { TableCache } from '../db/table-cache';
import { checkSession, type Session } from '../modules/accounts/session';
import type { SessionCache } from '../modules/accounts/session-cache';
import { deviceIdOf } from '../modules/accounts/device-token';
import { NETWORK_ERROR_TEXT } from '../../common/errors';
import { readDeviceToken, readToken, type GraphQLContext } from './context';
import { inputDepthProblem, useInputDepthLimit } from './input-depth';
import { useInputLimits } from './input-limits';
import { ARMOR_LIMITS } from './armor';
import { createInProcessQueries } from './in-process-query';
import { CATALOGUE_CHANNEL, createCatalogueCache, responseCacheKey } from './response-cache';
import { schema } from './schema';
import { inGraphQLSpan, operationOfSource, useGraphQLSpans } from '../telemetry/graphql-spans';
import { isTracing } from '../telemetry/tracing-state';

export type ApiDeps = {
  db: Database;
  config: Config;
  log: Logger;
  /**
   * The database's change notifications. With it, visitors' public answers are cached and
   * dropped on every catalogue change (response-cache.ts); without it nothing is cached.
   */
  listen?: DatabaseHandle['listen'];
  /** Near-static settings kept per process for checkout (db/table-cache.ts); without it they are read each time. */
  tableCache?: TableCache;
  /** Checked sessions kept per token until their user changes (modules/accounts/session-cache.ts); without it each request reads its user. */
  sessionCache?: SessionCache;
};

export const REQUEST_ID_HEADER = 'x-request-id';
/** Header a same-origin client sends so that Yoga's CSRF prevention lets it through. */
export const CSRF_HEADER = 'x-suki-csrf';

/**
 * Sessions already checked while serving one page: its loaders' operations share them instead
 * of reading the user again for each (the in-process client passes it as Yoga's server
 * context, and empties it before any mutation, which may change or end the session).
 */
export type SessionMemo = Map<string, Promise<Session | null>>;

/**
 * The contexts of one page's personal queries, by the credentials they carry: the page's
 * operations share one context and so its data loaders and per-request memos (a cart read by
 * the header and by the cart page is read once), as the fields of one operation do. Emptied with
 * the session memo before any mutation (in-process.ts).
 */
export type ContextMemo = Map<string, Promise<GraphQLContext>>;

export function createApi(deps: ApiDeps) {
  const sessionOf = (token: string, memo: SessionMemo | undefined) => {
    const known = memo?.get(token);
    if (known) return known;
    const check = () => checkSession(deps.db, token, deps.config.jwtSecret);
    const checked = deps.sessionCache ? deps.sessionCache.session(token, check) : check().then((found) => found?.session ?? null);
    memo?.set(token, checked);
    return checked;
  };
  /** The context every operation runs with, from what its request carried. */
  const contextFor = async (request: { token: string | null; deviceToken: string | null; requestId: string; clientIp: string | null; sessions?: SessionMemo }): Promise<GraphQLContext> => {
    const session = request.token ? await sessionOf(request.token, request.sessions) : null;
    const deviceId = await deviceIdOf(request.deviceToken, deps.config.jwtSecret);
    const { token, deviceToken, requestId, clientIp } = request;
    return { ...deps, log: deps.log.child({ requestId }), token, deviceToken, user: session?.user ?? null, sessionRow: session?.row ?? null, requestId, clientIp, deviceId };
  };
  /** One context per page and credentials when the page keeps a ContextMemo, else a new one. */
  const sharedContextFor = (request: Parameters<typeof contextFor>[0] & { contexts?: ContextMemo }): Promise<GraphQLContext> => {
    if (!request.contexts) return contextFor(request);
    const key = `${request.token ?? ''}\n${request.deviceToken ?? ''}\n${request.clientIp ?? ''}`;
    let context = request.contexts.get(key);
    if (!context) {
      context = contextFor(request);
      request.contexts.set(key, context);
    }
    return context;
  };
  const catalogueCache = deps.listen ? createCatalogueCache(deps.config.memory.responseCacheBytes, schema) : null;
  const tracing = isTracing();
  /** In-process operations never reach Yoga's plugins: the same span around them while tracing. */
  const traced = <T>(source: string, operationName: string | undefined, work: () => Promise<T>): Promise<T> =>
    tracing ? inGraphQLSpan(operationOfSource(source, operationName), work) : work();
  const yoga = createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // GraphiQL for a browser at /graphql in the demo and in development, never in a live shop.
    // Its bundle (several MB, inlined) loads on the first visit, not at start.
    graphiql: deps.config.isLive ? false : { title: 'Suki API' },
    renderGraphiQL: async (options) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(options),
    cors: corsFor(deps.config),
    logging: deps.log.child({ module: 'graphql' }),
    parserAndValidationCache: documentCaches(deps.config.memory.documentCacheBytes),
    context: ({ request, req, sessions }) =>
      contextFor({
        token: readToken(request.headers),
        deviceToken: readDeviceToken(request.headers),
        requestId: request.headers.get(REQUEST_ID_HEADER) ?? randomUUID(),
        clientIp: clientIpOf(request, req),
        sessions: sessions as SessionMemo | undefined,
      }),
    plugins: [
      useCSRFPrevention({ requestHeaders: [CSRF_HEADER, 'x-graphql-yoga-csrf'] }),
      // First of all: variables nested too deeply are refused (400) before the response cache
      // builds its key from them and before the document is parsed (input-depth.ts).
      useInputDepthLimit(),
      // Before the cache: a refused input ends the request before any lookup.
      useInputLimits(),
      ...(catalogueCache ? [catalogueCache.plugin] : []),
      // Shape limits shared with the in-process queries (armor.ts).
      EnvelopArmorPlugin({
        ...ARMOR_LIMITS,
        blockFieldSuggestion: { enabled: deps.config.isLive },
      }),
      // A live shop does not publish its schema; the demo and development keep it for tools.
      ...(deps.config.isLive ? [useNoIntrospection()] : []),
      useMaskedUnexpectedErrors(),
      // A span per operation, only while tracing (server/telemetry): nothing otherwise.
      ...(tracing ? [useGraphQLSpans()] : []),
    ],
    // Our plugin masks with the request id; Yoga's own masking stays on as a backstop.
    maskedErrors: { errorMessage: NETWORK_ERROR_TEXT, isDev: false },
  });
  const inProcess = createInProcessQueries(schema, maskUnexpectedErrors);
  let listening = false;
  return Object.assign(yoga, {
    /** The caches' budgets (config.memory), for the in-process client's kept answers. */
    memory: deps.config.memory,
    /**
     * A personal query of a server-rendered page, run here without Yoga's HTTP-shaped pipeline
     * (in-process-query.ts); answers the JSON text Yoga would have sent. Never for mutations.
     */
    queryInProcess: (query: { source: string; operationName?: string; variables?: Record<string, unknown>; token: string | null; deviceToken: string | null; requestId: string; clientIp: string | null; sessions: SessionMemo; contexts?: ContextMemo; tags?: Set<string> }) =>
      traced(query.source, query.operationName, () => inProcess.run({ source: query.source, operationName: query.operationName, variables: query.variables, context: () => sharedContextFor(query), tags: query.tags })),
    /**
     * A page's public query (every root field public, nothing viewer-dependent: in-process.ts
     * decides) answered from the visitors' response cache, or executed here and kept there under
     * the key and ETag Yoga would use, without Yoga's pipeline (4-7 ms of a cold
     * product page's CPU). Null when the cache is off or not listening yet: ask Yoga then.
     */
    queryPublic: async (query: { source: string; operationName?: string; variables?: Record<string, unknown>; requestId: string; clientIp: string | null }): Promise<{ text: string; etag: string | null } | null> => {
      if (!catalogueCache || !listening) return null;
      const variables = query.variables ?? {};
      const tooDeep = inputDepthProblem({ variables });
      if (tooDeep) return { text: JSON.stringify({ errors: [tooDeep] }), etag: null };
      return catalogueCache.answer(
        responseCacheKey({ documentString: query.source, operationName: query.operationName, variableValues: variables, sessionId: null, context: {} }),
        (tags) => traced(query.source, query.operationName, () => inProcess.runResult({ source: query.source, operationName: query.operationName, variables, tags, context: () => contextFor({ token: null, deviceToken: null, requestId: query.requestId, clientIp: query.clientIp }) })),
      );
    },
    /**
     * The public catalogue's generation for caches outside the API (rendered visitor pages);
     * null when the response cache is off or not yet hearing change notifications.
     */
    catalogueGeneration: (): number | null => (catalogueCache && listening ? catalogueCache.generation() : null),
    /** Whether the response cache would serve the answer with this ETag to a visitor now (server/http/answer-cache.ts). */
    holdsAnswer: (etag: string): boolean => Boolean(catalogueCache && listening && catalogueCache.holds(etag)),
    /** What the kept answer with this ETag shows (answer-entities.ts); null when it is not kept. */
    answerTags: (etag: string): ReadonlySet<string> | null => (catalogueCache && listening ? catalogueCache.tagsOf(etag) : null),
    /**
     * Product changes (docs/decisions/053-product-scoped-invalidation.md) for caches outside the
     * API: how many came, whether one since `since` touched `tags`, and each as it comes.
     */
    productChanges: {
      seq: (): number => catalogueCache?.changeSeq() ?? 0,
      untouchedSince: (since: number, tags: ReadonlySet<string> | null): boolean => (catalogueCache ? catalogueCache.untouchedSince(since, tags) : false),
      listen: (listener: (tags: readonly string[]) => void): void => catalogueCache?.onProductChange(listener),
    },
    /**
     * Starts listening for catalogue changes; the cache answers only once this resolved, so no
     * change can slip by unseen.
     */
    ready: async () => {
      if (catalogueCache && deps.listen) await deps.listen(CATALOGUE_CHANNEL, (payload) => catalogueCache.changed(payload));
      catalogueCache?.start();
      listening = true;
    },
  });
}

export type Api = ReturnType<typeof createApi>;

/**
 * Browsers on PUBLIC_URL's origin and on CORS_ORIGINS may call the API with credentials; any
 * other origin gets no CORS headers at all, so its page cannot read an answer.
 */
export function corsFor(config: Pick<Config, 'publicUrl' | 'corsOrigins'>) {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  return (request: Request) => {
    const origin = request.headers.get('origin');
    if (!origin || !allowed.has(origin)) return false as const;
    return {
      origin: [origin],
      credentials: true,
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', 'authorization', CSRF_HEADER, REQUEST_ID_HEADER],
    };
  };
}

/**
 * Yoga's caches of parsed documents and parse errors, bounded by bytes instead of Yoga's 1,024
 * entries each: a parsed document weighs 60-90 bytes per character of its text (its
 * nodes and their locations), so 1,024 distinct documents near armor's 2,000-token limit
 * (ids written into the text, say) could hold a gigabyte. The budget is shared: nine tenths for
 * documents, the rest for errors. A document's validation result is kept by Yoga in a WeakMap
 * on the document, and goes with it.
 */
export function documentCaches(maxBytes: number) {
  const documents = new LRUCache<string, DocumentNode>({ maxSize: Math.max(1, Math.floor(maxBytes * 0.9)), sizeCalculation: (_document, source) => DOCUMENT_BYTES_PER_CHARACTER * source.length + 512 });
  const errors = new LRUCache<string, object>({ maxSize: Math.max(1, Math.floor(maxBytes * 0.1)), sizeCalculation: (_error, source) => 2 * source.length + 1024 });
  return { documentCache: documents, errorCache: errors };
}
/** Measured on the product page's query and on a 19,000-character one: 59 and 91 bytes. */
const DOCUMENT_BYTES_PER_CHARACTER = 100;

/** Refuses __schema and __type queries (graphql-js's own rule). */
function useNoIntrospection(): Plugin {
  return {
    onValidate({ addValidationRule }) {
      addValidationRule(NoSchemaIntrospectionCustomRule);
    },
  };
}

/**
 * Over HTTP, Express's req.ip (which honours the app's trust-proxy setting for
 * X-Forwarded-For). In-process calls have no socket: the server itself put the visitor's
 * address in X-Forwarded-For (createInProcessClient), so that header is trusted there.
 */
function clientIpOf(request: Request, req: unknown): string | null {
  const socketIp = (req as { ip?: string; socket?: { remoteAddress?: string } } | undefined);
  if (socketIp?.ip || socketIp?.socket?.remoteAddress) return socketIp.ip ?? socketIp.socket?.remoteAddress ?? null;
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || null;
}

/**
 * Replaces every unexpected resolver error with the rulebook's generic text and the request id,
 * after logging the real error with that id. Errors the schema itself raises (validation,
 * authorization) are GraphQLErrors without an unexpected cause and pass through.
 */
export function useMaskedUnexpectedErrors(): Plugin<GraphQLContext> {
  return {
    onExecute({ args }) {
      const context = args.contextValue;
      return {
        onExecuteDone({ result, setResult }) {
          if (!('errors' in result) || !result.errors?.length) return;
          setResult(maskUnexpectedErrors(result as ExecutionResult, context));
        },
      };
    },
  };
}

/** The result with each unexpected error logged and replaced (see useMaskedUnexpectedErrors). */
export function maskUnexpectedErrors(result: ExecutionResult, context: Pick<GraphQLContext, 'log' | 'requestId'>): ExecutionResult {
  if (!result.errors?.length) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      const cause = error.originalError;
      if (!cause || isGraphQLError(cause)) return error;
      context.log.error({ err: cause, path: error.path }, 'unexpected error in resolver');
      return new GraphQLError(NETWORK_ERROR_TEXT, {
        nodes: error.nodes,
        path: error.path,
        extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: context.requestId },
      });
    }),
  };
}

// By prototype name, not instanceof: tools may load a second copy of graphql (another realm).
function isGraphQLError(error: unknown): boolean {
  for (let proto = Object.getPrototypeOf(error); proto; proto = Object.getPrototypeOf(proto)) {
    if (proto.constructor?.name === 'GraphQLError') return true;
  }
  return false;
}
