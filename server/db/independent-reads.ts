// Independent reads at once where that helps, one after another where it cannot.
//
// On the pool each read takes a connection of its own, so several run at the same time. A
// transaction is one connection, and a connection runs one statement at a time: sending a second
// while the first runs only queues it in the driver (pg 8 warns "Calling client.query() when the
// client is already executing a query", pg 9 refuses it). So a read that may be handed a
// transaction asks its parts in order there and at once elsewhere; the answers are the same.
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from './client';

// PromiseLike: Drizzle's query builders are thenables, asked when awaited.
type Reads<T extends readonly unknown[]> = { [K in keyof T]: () => PromiseLike<T[K]> };

/** Runs `reads` concurrently on the pool, in order inside a transaction; resolves in their order. */
export async function independentReads<T extends readonly unknown[]>(db: Database, reads: Reads<T>): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as unknown as T;
}
