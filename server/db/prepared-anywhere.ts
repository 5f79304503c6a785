// A statement built once per opened database and run on the database or on any of its
// transactions.
//
// Drizzle builds a query's SQL text anew on every execution, and its column checks and escaping
// were a sixth of the shop's CPU per checkout (bench/README.md, change 146), most of it for the
// checkout's statements inside transactions. A Drizzle prepared query keeps its SQL text but
// belongs to the connection it was built on: a transaction runs on a connection of its own (a
// pool's client, PGlite's transaction), and preparing one per transaction builds it every time
// again. So the query is built once, on whichever handle asks first, and each handle gets it
// pointed at its own connection: an object whose prototype is the built query and whose one own
// property is that connection. Both drivers' prepared queries send through `this.client`, and a
// handle's `session.client` is its connection (Drizzle 0.45, node-postgres and PGlite); if
// either is missing (a Drizzle upgrade), every call builds its own query, as before.
//
// Kept per opened database (its session's logger, shared by its transactions), so the statement
// counter of /metrics and the tests counts each statement on its own database. Values come in
// through `sql.placeholder(name)` and `execute({ name: value })`. `name` is PostgreSQL's name for
// the statement on each connection (node-postgres parses it once per connection; PGlite ignores
// it): one name for one SQL text. A column with a default computed in JavaScript ($defaultFn)
// would be frozen at the first build: such tables' inserts are not prepared.
import type { Database } from './client';

type Session = { client?: unknown; logger?: object };

function sessionOf(db: Database): Session {
  return ((db as unknown as { session?: Session }).session ?? {}) as Session;
}

// `build` must return the prepared query itself, not an object holding it: one without its own
// `client` would be built on every call (the product page's statement was, unseen, for a while:
// bench/README.md, change 151), hence the `execute` the type asks for.
export function preparedAnywhere<Prepared extends { execute: (...args: never[]) => unknown }>(build: (db: Database) => Prepared): (db: Database) => Prepared {
  const built = new WeakMap<object, Prepared>();
  return (db) => {
    const { client, logger } = sessionOf(db);
    if (client === undefined || logger === undefined) return build(db);
    let prepared = built.get(logger);
    if (!prepared) {
      prepared = build(db);
      if (!('client' in prepared)) return prepared;
      built.set(logger, prepared);
    }
    if ((prepared as { client?: unknown }).client === client) return prepared;
    return Object.create(prepared, { client: { value: client } }) as Prepared;
  };
}
