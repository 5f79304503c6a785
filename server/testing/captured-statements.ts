// The statements a piece of work sends to the database, read where drizzle hands them to the
// driver: both drivers expose their client as $client (a pg Pool or PGlite), and drizzle sends
// every parameterised statement through its query().
import type { Database } from '../db/client';

export type CapturedStatement = { text: string; params: unknown[] };

export async function capturedStatements(db: Database, work: () => Promise<unknown>): Promise<CapturedStatement[]> {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const original = client.query as (...args: unknown[]) => unknown;
  const seen: CapturedStatement[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    // PGlite: (text, params); node-postgres through drizzle: ({ text, ... }, params).
    const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
    seen.push(typeof first === 'string' ? { text: first, params: second ?? [] } : { text: String(first.text), params: first.values ?? second ?? [] });
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return seen;
}

/** What both drivers' clients share: a query with parameters answered with rows. */
type Queryable = { query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

/**
 * The plan of a captured statement with sequential and bitmap scans off, on one connection: which
 * index can answer it, whatever the test database's size (the planner would read a small table
 * whole). EXPLAIN takes no bound parameters, so each goes in as a quoted literal, which
 * PostgreSQL reads as its column's type; the plan is made for these values.
 */
export async function planWithIndexesOnly(db: Database, statement: CapturedStatement): Promise<string> {
  const client = (db as unknown as { $client: Queryable & { connect?: () => Promise<Queryable & { release: () => void }> } }).$client;
  // A pg Pool hands out one connection for the transaction; PGlite is one connection.
  const connection = client.connect ? await client.connect() : client;
  // Numbers, booleans and strings only: an array or a date would need its own literal form.
  const literal = (value: unknown) => {
    if (value !== null && typeof value === 'object') throw new Error(`planWithIndexesOnly: no literal form for ${JSON.stringify(value)}`);
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => literal(statement.params[Number(n) - 1]));
  try {
    await connection.query('BEGIN');
    await connection.query('SET LOCAL enable_seqscan = off');
    await connection.query('SET LOCAL enable_bitmapscan = off');
    const { rows } = await connection.query(`EXPLAIN ${text}`);
    return rows.map((row) => String(Object.values(row)[0])).join('\n');
  } finally {
    await connection.query('ROLLBACK');
    if ('release' in connection) connection.release();
  }
}
