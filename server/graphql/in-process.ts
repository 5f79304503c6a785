// Lets route loaders and actions run the public API's operations without an HTTP hop.
//
// One client serves one page request (a signed-in page ran 22-25 SQL statements, the
// session's user read once per operation and the catalogue recomputed for every customer):
// - an operation whose every root field is public (PUBLIC_QUERY_FIELDS: the same answer for
//   everyone) and that selects no viewer-dependent field (isInWatchlist...) is asked without the
//   visitor's credentials, so signed-in pages share the visitors' cached answers;
// - the session is checked once per page, and a personal query asked twice by the page's
//   loaders (the header's viewer and a route's requireViewer) runs once;
// - the page's personal queries share one GraphQL context, so one data loader per kind of row
//   and the services' per-request memos serve them all (the header's cart and the cart page's,
//   the account page's profile, orders and referral panel);
// - a mutation empties the memos first: it may change what they hold, or end the session.
import { LRUCache } from 'lru-cache';
import { BREAK, Kind, parse, visit, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { ApiClient, ExecuteOptions, Operation } from '../../common/graphql-operation';
import { readDeviceToken, readToken, TOKEN_COOKIE } from './context';
import { PUBLIC_QUERY_FIELDS } from './response-cache';
import { schema } from './schema';
import { viewerDependentFields } from './viewer-dependent';
import { CSRF_HEADER, REQUEST_ID_HEADER, type Api, type ContextMemo, type SessionMemo } from './yoga';

export type IncomingAuth = {
  cookie?: string;
  authorization?: string;
  requestId: string;
  /** The visitor's address, so per-IP rate limits apply to server-rendered forms too. */
  clientIp?: string;
  /**
   * Given for a page the visitors' page cache may keep: receives what every answer the page
   * used shows, so the page is dropped when one of those products changes (page-cache.ts).
   */
  pageTags?: PageTags;
};

/** What a page's answers show (answer-entities.ts); `unknown` when one answer's could not be told. */
export type PageTags = { tags: Set<string>; unknown: boolean };

function addTags(page: PageTags | undefined, tags: ReadonlySet<string> | null) {
  if (!page) return;
  if (!tags) page.unknown = true;
  else for (const tag of tags) page.tags.add(tag);
}

type Shape = { mutation: boolean; public: boolean };
const PUBLIC_FIELDS = new Set<string>([...PUBLIC_QUERY_FIELDS, '__typename']);
/**
 * Fields of public types whose answer depends on who asks, as marked where they are defined
 * (viewer-dependent.ts): a query selecting one anywhere keeps the credentials, or a signed-in
 * page would show the visitors' answer.
 */
export const VIEWER_DEPENDENT_FIELDS = viewerDependentFields(schema);

function selectsViewerDependentField(document: DocumentNode): boolean {
  let found = false;
  visit(document, {
    Field(node) {
      if (!VIEWER_DEPENDENT_FIELDS.has(node.name.value)) return undefined;
      found = true;
      return BREAK;
    },
  });
  return found;
}
const shapes = new Map<string, Shape>();
const MAX_SHAPES = 1000;

/**
 * Whether a document is a mutation, and whether it is a query of public root fields only.
 * Anything unusual (fragments at the root, several operations, a parse error) counts as
 * personal: it is then sent with the credentials, as before.
 */
export function operationShape(source: string): Shape {
  const known = shapes.get(source);
  if (known) return known;
  let shape: Shape = { mutation: /^\s*mutation\b/.test(source), public: false };
  try {
    const document = parse(source);
    const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const [only] = operations;
    if (operations.length === 1 && only) {
      shape = {
        mutation: only.operation === 'mutation',
        public:
          only.operation === 'query' &&
          only.selectionSet.selections.every((s) => s.kind === Kind.FIELD && !s.directives?.length && PUBLIC_FIELDS.has(s.name.value)) &&
          !selectsViewerDependentField(document),
      };
    }
  } catch {
    // The API reports the syntax error itself.
  }
  if (shapes.size >= MAX_SHAPES) shapes.clear();
  shapes.set(source, shape);
  return shape;
}

/**
 * Public answers as Yoga's response cache last gave them to this process's pages, by request
 * body. One is used only while the response cache still holds it (its ETag is the cache key,
 * with the catalogue generation in it), so it goes when the cache's answer goes; what it spares
 * is Yoga's pipeline around a cache hit, for each of a page's public questions. Bounded by
 * PAGE_ANSWERS_MB, text and key counted at two bytes a character (a peso sign makes a whole
 * answer a two-byte string: counted by length alone, 8 MB held 11.6 MB in the crawl).
 */
const publicAnswers = new WeakMap<Api, LRUCache<string, { etag: string; text: string }>>();

async function askPublic(api: Api, headers: Headers, body: string, query: { source: string; operationName?: string; variables: Record<string, unknown>; requestId: string; clientIp: string | null }, pageTags?: PageTags): Promise<string> {
  let kept = publicAnswers.get(api);
  if (!kept) {
    kept = new LRUCache({ maxSize: Math.max(1, api.memory.pageAnswersBytes), sizeCalculation: (answer, key) => 2 * (answer.text.length + key.length + answer.etag.length) + 128 });
    publicAnswers.set(api, kept);
  }
  const known = kept.get(body);
  if (known && api.holdsAnswer(known.etag)) {
    if (pageTags) addTags(pageTags, api.answerTags(known.etag));
    return known.text;
  }
  // From the response cache, or executed and kept there, without Yoga's pipeline.
  const answered = await api.queryPublic(query);
  if (answered) {
    if (answered.etag) kept.set(body, { etag: answered.etag, text: answered.text });
    if (pageTags) addTags(pageTags, answered.etag ? api.answerTags(answered.etag) : null);
    return answered.text;
  }
  const response = await api.fetch('http://in-process/graphql', { method: 'POST', headers, body });
  const text = await response.text();
  const etag = response.headers.get('etag');
  if (response.status === 200 && etag && api.holdsAnswer(etag)) kept.set(body, { etag, text });
  addTags(pageTags, null);
  return text;
}

export function createInProcessClient(api: Api, incoming: IncomingAuth): ApiClient {
  const sessions: SessionMemo = new Map();
  const contexts: ContextMemo = new Map();
  const answers = new Map<string, Promise<string>>();

  async function execute<TData, TVariables>(
    op: Operation<TData, TVariables>,
    variables?: TVariables,
    options: ExecuteOptions = {},
  ) {
    const shape = operationShape(op.source);
    if (shape.mutation) {
      sessions.clear();
      contexts.clear();
      answers.clear();
    }
    const headers = new Headers({
      'content-type': 'application/json',
      [CSRF_HEADER]: '1',
      [REQUEST_ID_HEADER]: incoming.requestId,
    });
    if (incoming.clientIp) headers.set('x-forwarded-for', incoming.clientIp);
    if (shape.public) {
      // Same answer for everyone: asked as a visitor (and so from the visitors' cache).
    } else if (options.token !== undefined) {
      if (options.token) headers.set('cookie', `${TOKEN_COOKIE}=${encodeURIComponent(options.token)}`);
    } else {
      if (incoming.cookie) headers.set('cookie', incoming.cookie);
      if (incoming.authorization) headers.set('authorization', incoming.authorization);
    }
    const body = JSON.stringify({ query: op.source, operationName: op.name || undefined, variables: variables ?? {} });
    // yoga.fetch runs the whole Yoga pipeline in this process: same plugins, same masking.
    // A mutation checks the session afresh and shares nothing: what it changes is read anew.
    // A public query goes there too, for the visitors' response cache. A personal query runs
    // on the same schema and context without the HTTP-shaped pipeline (in-process-query.ts).
    const run = async () => {
      if (shape.public) {
        return askPublic(api, headers, body, {
          source: op.source,
          operationName: op.name || undefined,
          variables: (variables ?? {}) as Record<string, unknown>,
          requestId: incoming.requestId,
          clientIp: incoming.clientIp ?? null,
        }, incoming.pageTags);
      }
      if (shape.mutation) return (await api.fetch('http://in-process/graphql', { method: 'POST', headers, body })).text();
      return api.queryInProcess({
        source: op.source,
        operationName: op.name || undefined,
        variables: (variables ?? {}) as Record<string, unknown>,
        token: readToken(headers),
        deviceToken: readDeviceToken(headers),
        requestId: incoming.requestId,
        clientIp: incoming.clientIp ?? null,
        sessions,
        contexts,
        tags: incoming.pageTags?.tags,
      });
    };
    if (shape.mutation) {
      try {
        return JSON.parse(await run());
      } finally {
        sessions.clear();
        contexts.clear();
        answers.clear();
      }
    }
    // Each caller gets its own copy: loaders may change what they are given.
    const key = `${headers.get('cookie') ?? ''}\n${headers.get('authorization') ?? ''}\n${body}`;
    let answer = answers.get(key);
    if (!answer) {
      answer = run();
      answers.set(key, answer);
    }
    return JSON.parse(await answer);
  }
  return { execute: execute as ApiClient['execute'] };
}
