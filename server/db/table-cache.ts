// Reads of small, rarely changed tables (shipping methods, zones and rates, checkout and gateway
// settings) kept per process and dropped when those tables change (docs/decisions/029-...).
// Every checkout call computed them again: five of a view's eleven statements.
//
// Correctness first:
// - the tables' triggers (migrations 0009, 0019) NOTIFY 'suki_catalogue' with the table's name
//   after each committed change, on every replica; `changed(table)` then drops what was read
//   from it, and `changed('')` (a reconnected listener: anything may have changed) drops all;
// - a value read while one of its tables changed is returned to its caller but not kept;
// - only reads on the database itself are kept: inside a transaction (which may see its own
//   uncommitted writes) a miss reads through that transaction and keeps nothing, and a
//   transaction never waits for a second pooled connection;
// - nothing is served before `start()`, which the process calls once it is listening.
import type { Database } from './client';

/** Safety net only: changes drop entries at once through the notifications. */
const TTL_MS = 60_000;

type Entry = { value: Promise<unknown>; versions: number[]; at: number };

export type TableCache = {
  /**
   * `load`'s answer for `key`, kept until one of `tables` changes. `db` is the caller's database
   * or transaction: `load` reads through it on a miss.
   */
  read<T>(db: Database, key: string, tables: readonly string[], load: (db: Database) => Promise<T>): Promise<T>;
  /** A committed change to `table`; '' when anything may have changed. */
  changed(table: string): void;
  /** Turns the cache on: call once change notifications are being received. */
  start(): void;
};

export function createTableCache(root: Database, now: () => number = Date.now): TableCache {
  const versions = new Map<string, number>();
  let everything = 0;
  let started = false;
  const entries = new Map<string, Entry>();
  const versionsOf = (tables: readonly string[]) => [everything, ...tables.map((t) => versions.get(t) ?? 0)];
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((v, i) => v === b[i]);

  return {
    read<T>(db: Database, key: string, tables: readonly string[], load: (db: Database) => Promise<T>): Promise<T> {
      if (!started) return load(db);
      const current = versionsOf(tables);
      const entry = entries.get(key);
      if (entry && same(entry.versions, current) && now() - entry.at < TTL_MS) return entry.value as Promise<T>;
      if (db !== root) return load(db);
      const value = load(db);
      const stored: Entry = { value, versions: current, at: now() };
      entries.set(key, stored);
      value.then(
        () => {
          // Read while a table changed: the answer may predate the change; not kept.
          if (!same(versionsOf(tables), current) && entries.get(key) === stored) entries.delete(key);
        },
        () => {
          if (entries.get(key) === stored) entries.delete(key);
        },
      );
      return value;
    },
    changed(table: string) {
      if (table === '') everything += 1;
      else versions.set(table, (versions.get(table) ?? 0) + 1);
    },
    start() {
      started = true;
    },
  };
}

/**
 * Through the context's table cache when it has one (the API's requests), else straight from
 * the database (jobs, scripts, tests that build their own context).
 */
export function readThrough<T>(
  ctx: { db: Database; tableCache?: TableCache },
  key: string,
  tables: readonly string[],
  load: (db: Database) => Promise<T>,
): Promise<T> {
  return ctx.tableCache ? ctx.tableCache.read(ctx.db, key, tables, load) : load(ctx.db);
}
