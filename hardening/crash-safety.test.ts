// The hardening suite: kill -9 the shop while buyers are completing checkouts, on the embedded
// database and on PostgreSQL. Whatever the moment, nothing is half-written: each order is whole
// (lines, billing address, status log, payment), the stock taken equals the units ordered, a
// checkout is either still open or became exactly one order, every order a buyer was told of
// survived, and the shop starts again and sells what is left.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeGlobalID } from '@pothos/plugin-relay';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { createVariant, seedZones } from '../server/modules/checkout/checkout.fixtures';
import { createTestApi } from '../server/testing/test-api';
import { createTestDatabase, type TestDatabase } from '../server/testing/test-database';
import type { Database } from '../server/db/client';
import { COMPLETE, readyBuyers, soldOf, stockOf, type Buyer, type CompleteAnswer } from './fixtures';
import { createReport } from './report';
import { HARDENING_JWT_SECRET, graphqlOver, startShop } from './shop-process';

const record = createReport('crash-safety');
const BUYERS = 40;
const STOCK = 25;
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Every rule that a half-written checkoutComplete would break. */
async function halfWritten(db: Database): Promise<Record<string, number>> {
  const one = async (query: ReturnType<typeof sql>) => Number(((await db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);
  return {
    ordersWithoutLines: await one(sql`select count(*)::int as n from orders o where not exists (select 1 from order_lines l where l.order_id = o.id)`),
    ordersWithoutBilling: await one(sql`select count(*)::int as n from orders o where not exists (select 1 from order_addresses a where a.order_id = o.id and a.type = 'BILLING')`),
    ordersWithoutStatusLog: await one(sql`select count(*)::int as n from orders o where not exists (select 1 from order_status_logs s where s.order_id = o.id)`),
    ordersWithoutPayment: await one(sql`select count(*)::int as n from orders o where not exists (select 1 from payments p where p.order_id = o.id)`),
    checkoutsStillOpenWithOrder: await one(sql`select count(*)::int as n from checkouts c join orders o on o.checkout_id = c.id`),
  };
}

const clean = { ordersWithoutLines: 0, ordersWithoutBilling: 0, ordersWithoutStatusLog: 0, ordersWithoutPayment: 0, checkoutsStillOpenWithOrder: 0 };

type Target = {
  driver: 'pglite' | 'postgres';
  env: Record<string, string>;
  /** Opens the database for checking (after the kill) and closes it again. */
  inspect<T>(work: (db: Database) => Promise<T>): Promise<T>;
  prepare(variantStock: number, buyers: number): Promise<{ variantId: number; buyers: Buyer[] }>;
};

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const pgliteDir = path.join(dataDir, 'pglite');
  const open = async () => {
    const handle = await openDatabase({ pgliteDir });
    return { ...handle, name: 'crash' } satisfies TestDatabase;
  };
  return {
    driver: 'pglite',
    env: { DATA_DIR: dataDir },
    inspect: async (work) => {
      const database = await open();
      try {
        return await work(database.db);
      } finally {
        await database.close();
      }
    },
    prepare: async (variantStock, count) => {
      const database = await open();
      try {
        await migrateDatabase(database);
        const api = await createTestApi({ jwtSecret: HARDENING_JWT_SECRET }, { database });
        await seedZones(api.db).catch(() => undefined);
        const variantId = await createVariant(api.db, { price: 1_500_00, stock: variantStock });
        return { variantId, buyers: await readyBuyers(api, variantId, count) };
      } finally {
        await database.close();
      }
    },
  };
}

async function postgresTarget(): Promise<Target> {
  const database = await createTestDatabase('postgres');
  cleanups.push(() => database.close());
  const api = await createTestApi({ jwtSecret: HARDENING_JWT_SECRET }, { database });
  await seedZones(api.db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database.name}`;
  return {
    driver: 'postgres',
    env: { DATABASE_URL: url.toString() },
    inspect: (work) => work(database.db),
    prepare: async (variantStock, count) => {
      const variantId = await createVariant(api.db, { price: 1_500_00, stock: variantStock });
      return { variantId, buyers: await readyBuyers(api, variantId, count) };
    },
  };
}

/** Kills the shop once `afterOrders` buyers were told of their order: mid-flight for the rest. */
async function killDuringCheckouts(target: Target, afterOrders: number) {
  const { variantId, buyers } = await target.prepare(STOCK, BUYERS);
  const shop = await startShop(target.env);
  const acknowledged: string[] = [];
  let killNow: () => void = () => {};
  const killSignal = new Promise<void>((resolve) => (killNow = resolve));
  const requests = buyers.map((buyer) =>
    graphqlOver<CompleteAnswer>(shop.url, COMPLETE, { checkoutId: buyer.checkoutId }, buyer.token).then(
      (answer) => {
        const id = answer.data?.checkoutComplete?.order?.id;
        if (id) acknowledged.push(decodeGlobalID(id).id);
        if (acknowledged.length >= afterOrders) killNow();
      },
      () => undefined, // the connection died with the process
    ),
  );
  // If too few orders come through (all out of stock), the kill happens when all have answered.
  await Promise.race([killSignal, Promise.all(requests)]);
  await shop.stop('SIGKILL');
  const told = acknowledged.length;
  await Promise.all(requests);

  const after = await target.inspect(async (db) => {
    const { rows } = (await db.execute(sql`select id::text as id from orders`)) as unknown as { rows: { id: string }[] };
    return {
      broken: await halfWritten(db),
      stock: await stockOf(db, variantId),
      sold: await soldOf(db, variantId),
      ids: new Set(rows.map((r) => r.id)),
    };
  });
  expect(after.broken).toEqual(clean);
  expect(STOCK - after.stock).toBe(after.sold.units);
  expect(acknowledged.filter((id) => !after.ids.has(id)), 'orders a buyer was told of, lost').toEqual([]);
  expect(told).toBeGreaterThanOrEqual(Math.min(afterOrders, STOCK));
  record(`${target.driver} kill after order ${afterOrders}`, { buyers: BUYERS, acknowledgedBeforeKill: told, ordersOnDisk: after.sold.orders, stockLeft: after.stock });
  return { variantId, buyers, after };
}

/** The shop starts on what the kill left and sells the rest to whoever has not bought. */
async function restartsAndSells(target: Target, variantId: number, buyers: Buyer[]) {
  const shop = await startShop(target.env);
  try {
    const answers = await Promise.all(buyers.map((b) => graphqlOver<CompleteAnswer>(shop.url, COMPLETE, { checkoutId: b.checkoutId }, b.token)));
    expect(answers.filter((a) => a.errors)).toEqual([]);
  } finally {
    await shop.stop();
  }
  const final = await target.inspect(async (db) => ({ broken: await halfWritten(db), stock: await stockOf(db, variantId), sold: await soldOf(db, variantId) }));
  expect(final.broken).toEqual(clean);
  expect(final.stock).toBe(0);
  expect(final.sold.units).toBe(STOCK);
}

describe('kill -9 in the middle of checkoutComplete', () => {
  it('leaves the embedded database whole, and the shop starts on it again', async () => {
    const target = await pgliteTarget();
    const { variantId, buyers } = await killDuringCheckouts(target, 3);
    await restartsAndSells(target, variantId, buyers);
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('leaves PostgreSQL whole, kill after kill', async () => {
    const target = await postgresTarget();
    let last: Awaited<ReturnType<typeof killDuringCheckouts>> | undefined;
    for (const afterOrders of [1, 4, 9]) last = await killDuringCheckouts(target, afterOrders);
    await restartsAndSells(target, last!.variantId, last!.buyers);
  });
});
