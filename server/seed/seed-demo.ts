// The demo shop: applied once, on the first start of a fresh database, never in live mode.
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { appMeta } from '../modules/system/system.tables';

export const DEMO_SEED_KEY = 'demo_seed';

export type SeedOptions = { products: number; log?: Logger };

/** Seeds the demo shop unless it was seeded before; returns whether it ran. */
export async function seedDemoOnce(db: Database, options: SeedOptions): Promise<boolean> {
  const done = await db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
  if (done.length > 0) return false;
  const started = performance.now();
  await db.transaction(async (tx) => {
    await seedDemo(tx, options);
    await tx.insert(appMeta).values({
      key: DEMO_SEED_KEY,
      value: { products: options.products, at: new Date().toISOString() },
    });
  });
  options.log?.info(
    { products: options.products, ms: Math.round(performance.now() - started) },
    'demo shop seeded',
  );
  return true;
}

/** Everything the demo shop holds; each module adds its part here. */
export async function seedDemo(db: Database, options: SeedOptions): Promise<void> {
  void db;
  void options;
}
