// The GraphQL endpoint: Yoga over the Pothos schema, hardened, with masked unexpected errors.
import { randomUUID } from 'node:crypto';
import { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { resolveSessionUser } from '../modules/accounts/session';
import { NETWORK_ERROR_TEXT } from '../../common/errors';
import { readToken, type GraphQLContext } from './context';
import { schema } from './schema';

export type ApiDeps = { db: Database; config: Config; log: Logger };

export const REQUEST_ID_HEADER = 'x-request-id';
/** Header a same-origin client sends so that Yoga's CSRF prevention lets it through. */
export const CSRF_HEADER = 'x-suki-csrf';

export function createApi(deps: ApiDeps) {
  const yoga = createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: false,
    logging: deps.log.child({ module: 'graphql' }),
    context: async ({ request, req }) => {
      const token = readToken(request.headers);
      const requestId = request.headers.get(REQUEST_ID_HEADER) ?? randomUUID();
      const user = token ? await resolveSessionUser(deps.db, token, deps.config.jwtSecret) : null;
      const clientIp = clientIpOf(request, req);
      return { ...deps, log: deps.log.child({ requestId }), token, user, requestId, clientIp };
    },
    plugins: [
      useCSRFPrevention({ requestHeaders: [CSRF_HEADER, 'x-graphql-yoga-csrf'] }),
      EnvelopArmorPlugin({
        maxDepth: { n: 12 },
        maxAliases: { n: 15 },
        // Depth multiplies cost; the storefront's deepest page (category products with pricing)
        // costs about 11k, so 50k leaves room while depth and alias limits bound the shape.
        costLimit: { maxCost: 50000 },
        maxTokens: { n: 2000 },
        blockFieldSuggestion: { enabled: deps.config.isLive },
      }),
      useMaskedUnexpectedErrors(),
    ],
    // Our plugin masks with the request id; Yoga's own masking stays on as a backstop.
    maskedErrors: { errorMessage: NETWORK_ERROR_TEXT, isDev: false },
  });
  return yoga;
}

export type Api = ReturnType<typeof createApi>;

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
 * Replaces every unexpected resolver error with the spec's generic text and the request id,
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
          const single = result as ExecutionResult;
          setResult({
            ...single,
            errors: single.errors!.map((error) => {
              const cause = error.originalError;
              if (!cause || isGraphQLError(cause)) return error;
              context.log.error({ err: cause, path: error.path }, 'unexpected error in resolver');
              return new GraphQLError(NETWORK_ERROR_TEXT, {
                nodes: error.nodes,
                path: error.path,
                extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: context.requestId },
              });
            }),
          });
        },
      };
    },
  };
}

// By prototype name, not instanceof: tools may load a second copy of graphql (another realm).
function isGraphQLError(error: unknown): boolean {
  for (let proto = Object.getPrototypeOf(error); proto; proto = Object.getPrototypeOf(proto)) {
    if (proto.constructor?.name === 'GraphQLError') return true;
  }
  return false;
}
