// A client of the pg driver runs one query at a time. Sending a second while the first runs (a
// Promise.all over one transaction's client) is queued by pg 8 with a deprecation warning, "Calling
// client.query() when the client is already executing a query", and is refused by pg 9; the second
// statement waits for the first anyway. The PostgreSQL test project refuses such a query at once,
// naming both statements (the stack ends in Drizzle's promise, so the SQL is what finds the code).
// Reads that may run inside a transaction use independentReads (server/db/independent-reads.ts).
import pg from 'pg';

type QueuedClient = pg.Client & { _queryQueue: unknown[]; _activeQuery: unknown; pipeline?: boolean };

const statementOf = (query: unknown) => String(typeof query === 'string' ? query : ((query as { text?: string } | null)?.text ?? '')).slice(0, 200);

const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function oneQueryAtATime(this: QueuedClient, ...args: unknown[]) {
  if ((this._activeQuery || this._queryQueue.length > 0) && !this.pipeline) {
    throw new Error(`A second query was sent on a pg client still running one (one transaction, one statement at a time): "${statementOf(args[0])}" while "${statementOf(this._activeQuery)}" runs`);
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;
