// Repeated statements on the embedded database, parsed once and run in one call.
//
// PGlite's query() sends every statement as PostgreSQL's unnamed statement: Parse, Describe,
// Bind, Describe, Execute and Sync, six calls into its WebAssembly backend, and the statement is
// parsed and planned again each time. A signed-in `/account` spent a third of the shop's CPU
// there (bench/README.md, change 160). On PostgreSQL the pool parses the statements built with
// preparedAnywhere once per connection; PGlite ignores a statement's name.
//
// Here a statement text seen a second time gets a name of its own: Parse and Describe (its
// parameters' types, to serialize values as PGlite does) once, then every run is one call,
// Bind, Describe, Execute and Sync in one message. PostgreSQL's plan cache then treats it as any
// prepared statement: custom plans first, a generic plan once it is no costlier (its default
// plan_cache_mode, as for the pool's named statements on PostgreSQL).
//
// Bounded: at most `limit` named statements (PGLITE_PREPARED_STATEMENTS), the least recently used
// closed first (its Close goes with the next run, inside the same lock); a text seen once is
// only remembered, among `limit * 4` others, so a one-off statement is never named, and a text
// over 16 KB (a bulk insert) is neither: the texts held are at most ~16 MB, mostly far less. Each named
// statement holds its parse tree and plans in the backend's memory: the 49 statements of the
// storefront's pages and account took 1.45 MB (about 30 KB each), so 200 are about 6 MB (change 160).
//
// The locks are PGlite's own: a statement outside a transaction waits for any transaction to end
// (its transaction lock) and every exchange holds its query lock, as query() does.
import { LRUCache } from 'lru-cache';
import { parse as pgliteParse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

/** Named statements kept at most when PGLITE_PREPARED_STATEMENTS is not set (change 160). */
export const DEFAULT_PREPARED_STATEMENTS = 200;

type Named = { name: string; parameterTypes: number[] };

/**
 * Longer statements stay unnamed, and are not remembered: bulk inserts (the seed's, an import's)
 * are one-offs whose text and plan would only weigh on the bounds. The storefront's longest, a
 * product page's, is ~3.3 KB.
 */
export const MAX_NAMED_STATEMENT_CHARS = 16_384;

/** SQLSTATEs after which a named statement is dropped and the statement run unnamed once more. */
const RESULT_TYPE_CHANGED = '0A000'; // "cached plan must not change result type" (a migration)
const STATEMENT_GONE = '26000'; // "prepared statement ... does not exist" (DEALLOCATE ALL)

export type StatementCache = {
  /** As PGlite's query(), on the database (`tx` undefined) or inside the transaction `tx`. */
  query<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: Transaction): Promise<Results<T>>;
  /** How many statements are named now (tests, metrics). */
  readonly size: number;
};

/** Names are never reused in this process, whichever cache (and client) takes one. */
let counter = 0;

export function statementCache(client: PGlite, limit: number): StatementCache {
  const toClose: string[] = [];
  const named = new LRUCache<string, Named>({
    max: Math.max(1, limit),
    // Evicted or dropped: closed with the next exchange (eviction happens inside one, under the lock).
    dispose: (statement) => void toClose.push(statement.name),
  });
  const seen = new LRUCache<string, true>({ max: Math.max(1, limit * 4) });

  const unnamed = <T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: Transaction) =>
    (tx ?? client).query<T>(text, params, options);

  const exchange = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const parts: Uint8Array[] = toClose.splice(0).map((name) => protocol.serialize.close({ type: 'S', name }));
    let statement = named.get(text);
    if (!statement) {
      const name = `suki_pglite_${(counter += 1)}`;
      parts.push(protocol.serialize.parse({ name, text }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync());
      const described = await exchange(Buffer.concat(parts.splice(0)));
      statement = { name, parameterTypes: pgliteParse.parseDescribeStatementResults(described) };
      named.set(text, statement);
      parts.push(...toClose.splice(0).map((closed) => protocol.serialize.close({ type: 'S', name: closed })));
    }
    parts.push(
      protocol.serialize.bind({ statement: statement.name, values: serialized(client, params, statement.parameterTypes, options) }),
      protocol.serialize.describe({ type: 'P' }),
      protocol.serialize.execute({}),
      protocol.serialize.sync(),
    );
    const messages = await exchange(Buffer.concat(parts));
    return pgliteParse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  async function namedQuery<T>(text: string, params: unknown[], options: QueryOptions | undefined, tx?: Transaction): Promise<Results<T>> {
    if (tx) {
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() => run<T>(text, params, options));
    }
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run<T>(text, params, options);
        await client.syncToFs();
        return result;
      }),
    );
  }

  return {
    get size() {
      return named.size;
    },
    async query<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: Transaction) {
      // A blob (COPY) or given parameter types: PGlite's own path, as they need it.
      if (limit <= 0 || options?.blob || options?.paramTypes || text.length > MAX_NAMED_STATEMENT_CHARS) return unnamed<T>(text, params, options, tx);
      if (!named.has(text)) {
        if (!seen.has(text)) {
          seen.set(text, true);
          return unnamed<T>(text, params, options, tx);
        }
        seen.delete(text);
      }
      try {
        return await namedQuery<T>(text, params ?? [], options, tx);
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === STATEMENT_GONE) {
          // Every name is gone (DEALLOCATE ALL or DISCARD): none to close.
          named.clear();
          toClose.length = 0;
        } else if (code === RESULT_TYPE_CHANGED) named.delete(text);
        // Outside a transaction the statement runs once more, unnamed; inside one, the
        // transaction is already aborted and the error is its caller's, as before.
        if ((code === STATEMENT_GONE || code === RESULT_TYPE_CHANGED) && !tx) return unnamed<T>(text, params, options);
        throw Object.assign(error as object, { query: text, params, queryOptions: options });
      }
    },
  };
}

/** The parameters as PGlite's query() sends them: by each parameter's type's serializer, else as text. */
function serialized(client: PGlite, params: unknown[], types: number[], options: QueryOptions | undefined): (string | null)[] {
  return params.map((param, i) => {
    if (param === null || param === undefined) return null;
    const type = types[i] as number;
    const serialize = options?.serializers?.[type] ?? client.serializers[type];
    return serialize ? (serialize(param) as string) : String(param);
  });
}
