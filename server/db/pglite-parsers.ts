// Drizzle's result parsers put on the PGlite instance once, instead of sent with every query.
//
// Drizzle's PGlite driver (drizzle-orm 0.45, pglite/session.js) passes a `parsers` option with
// every query: dates, timestamps and intervals (and their arrays, and numeric[]) kept as text,
// which Drizzle then maps itself. PGlite (0.5, parseResults) merges a query's parsers into the
// instance's ~400 type parsers by copying both, for every query: 0.5-0.6 ms of CPU a statement
// measured on this machine (bench/README.md change 153), more than the statement itself.
//
// So the instance gets the same parsers as its own, and Drizzle's queries reach PGlite without
// them: the same values, without the copy. A query whose parsers are not exactly Drizzle's known
// set goes through unchanged (correct, as slow as before). The SQL run outside Drizzle (the job
// queue's, executeSql) asks with PGlite's own parsers for those types, as it did before.
import { types, type PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { statementCache, type StatementCache } from './pglite-statements';

/** The types Drizzle's PGlite driver reads as text (its queryConfig and rawQueryConfig). */
export const DRIZZLE_TEXT_TYPES: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const TEXT_TYPE_KEYS = new Set(DRIZZLE_TEXT_TYPES.map(String));

type Parsers = NonNullable<QueryOptions['parsers']>;
type Queryable = Pick<PGlite, 'query'>;

const known = new WeakMap<Parsers, boolean>();

/** Whether these are Drizzle's parsers: every type of its set, each giving the text back. */
function isDrizzles(parsers: Parsers): boolean {
  let answer = known.get(parsers);
  if (answer === undefined) {
    const keys = Object.keys(parsers);
    answer = keys.length === TEXT_TYPE_KEYS.size && keys.every((key) => TEXT_TYPE_KEYS.has(key) && givesTextBack(parsers[Number(key)]));
    known.set(parsers, answer);
  }
  return answer;
}

function givesTextBack(parse: ((value: string) => unknown) | undefined): boolean {
  try {
    return parse?.('2026-01-02 03:04:05') === '2026-01-02 03:04:05';
  } catch {
    return false;
  }
}

function withoutDrizzlesParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !isDrizzles(options.parsers)) return options;
  const { parsers: _sent, ...rest } = options;
  return rest;
}

/**
 * A query handle (the database or a transaction) whose queries leave Drizzle's parsers off. Its
 * own `query` and `transaction` may be replaced (tests record the statements Drizzle sends by
 * replacing `$client.query`): what is set is kept on the handle, never on PGlite itself. With
 * `statements`, a statement run again is named and run in one call (pglite-statements.ts); `tx`
 * is the transaction the handle is, if it is one.
 */
function lifted<T extends Queryable>(target: T, statements: StatementCache | null, tx?: Transaction): T {
  const query = target.query.bind(target);
  const own: Record<PropertyKey, unknown> = {
    query: statements
      ? (text: string, params?: unknown[], options?: QueryOptions) => statements.query(text, params, withoutDrizzlesParsers(options), tx)
      : (text: string, params?: unknown[], options?: QueryOptions) => query(text, params, withoutDrizzlesParsers(options)),
  };
  if ('transaction' in target) {
    const transaction = (target as unknown as PGlite).transaction.bind(target);
    own.transaction = <R>(work: (tx: Transaction) => Promise<R>) => transaction((inner) => work(lifted(inner, statements, inner)));
  }
  return new Proxy(target, {
    get(object, property) {
      if (property in own) return own[property];
      // The object itself as `this`: PGlite's getters and methods read its private fields.
      const value = Reflect.get(object, property) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
    set(_object, property, value) {
      own[property] = value;
      return true;
    },
  });
}

/**
 * Sets Drizzle's text parsers on the instance and returns the handle to give Drizzle, with the
 * parsers PGlite had for those types (for SQL run outside Drizzle: pass them with its queries).
 */
export function drizzleParsersOnInstance(
  client: PGlite,
  /** Statements named at most (pglite-statements.ts, PGLITE_PREPARED_STATEMENTS); 0: every statement unnamed. */
  preparedStatements = 0,
): { forDrizzle: PGlite; ownParsers: Parsers; statements: StatementCache | null } {
  const ownParsers: Parsers = {};
  for (const type of DRIZZLE_TEXT_TYPES) {
    const own = client.parsers[type];
    if (own) ownParsers[type] = own;
    client.parsers[type] = (text: string) => text;
  }
  const statements = preparedStatements > 0 ? statementCache(client, preparedStatements) : null;
  return { forDrizzle: lifted(client, statements), ownParsers, statements };
}
