// Units sold folded into products (the "best selling" order's column), off the checkout's
// transaction (docs/decisions/058-units-sold-folded-by-a-job.md). Triggers on orders and order
// lines append each change to product_units_sold_changes in the order's own transaction (migration
// 0038); this job takes every committed change and adds it to its product, then queues its next
// run. The best-selling listing's cached pages already followed sales only at their time to live,
// so a minute between a sale and its count changes what a shopper sees by as little.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { defineJob, enqueueJob, type JobContext } from '../../jobs/jobs';

/** Seconds between two folds. */
export const UNITS_SOLD_FOLD_SECONDS = 60;

/**
 * Adds every committed change to its product's units_sold, in one statement: the DELETE takes
 * only rows committed before it (a change of an order still open waits for the next fold), and a
 * second fold at the same moment (another replica) waits on the rows the first takes and then
 * finds them gone, so no change counts twice. The products' rows are locked in id order, so two
 * folds never wait on each other in opposite orders; a fold that fails (a deadlock with a staff
 * save of several products, say) takes nothing, and the next one folds its changes. Returns how
 * many products changed.
 */
export async function foldUnitsSold(db: Pick<Database, 'execute'>): Promise<number> {
  const result = await db.execute(sql`
    WITH taken AS (DELETE FROM product_units_sold_changes RETURNING product_id, units),
    sums AS (SELECT product_id, sum(units)::int AS units FROM taken GROUP BY product_id HAVING sum(units) <> 0),
    locked AS (SELECT p.id, s.units FROM products p JOIN sums s ON s.product_id = p.id ORDER BY p.id FOR UPDATE OF p)
    UPDATE products p SET units_sold = p.units_sold + locked.units FROM locked WHERE p.id = locked.id
    RETURNING p.id`);
  // Both drivers (node-postgres and PGlite) answer raw SQL with { rows }.
  return (result as unknown as { rows: unknown[] }).rows.length;
}

/** One waiting fold at a time: each start and each run queue the next, and the key keeps it single. */
const FOLD_KEY = 'units-sold-fold';

/** Queues the next fold (at once on a start) unless one waits already. */
export function scheduleUnitsSoldFold(db: Database, runAt = new Date()): Promise<string | null> {
  return enqueueJob(db, foldUnitsSoldJob, {}, { runAt, singletonKey: FOLD_KEY });
}

async function runFold(ctx: JobContext): Promise<void> {
  // The next fold first, so that a fold that keeps failing does not end the folding.
  await scheduleUnitsSoldFold(ctx.db, new Date(Date.now() + UNITS_SOLD_FOLD_SECONDS * 1000));
  const products = await foldUnitsSold(ctx.db);
  if (products > 0) ctx.log.debug({ products }, 'units sold folded');
  // The taken rows' space back: the embedded database runs no autovacuum, and without it the
  // table kept a page for every 150 or so change rows ever written, each fold reading them all
  // (20,000 rows left 729 KB of dead pages, measured; this leaves none). Autovacuum on PostgreSQL
  // would do the same, later; a vacuum of a table of a few pages costs next to nothing and takes
  // no lock the checkout's inserts wait for.
  await ctx.db.execute(sql`VACUUM product_units_sold_changes`);
}

export const foldUnitsSoldJob = defineJob<Record<string, never>>('catalogue.units-sold', (_payload, ctx) => runFold(ctx), {
  // The next run is already queued: a failed fold is simply done by it (its changes stay).
  retryLimit: 0,
  expireInSeconds: 5 * 60,
  concurrency: 1,
});
