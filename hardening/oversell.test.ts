// The hardening suite: two shop processes on one PostgreSQL database, a sale's worth of buyers for
// a few units. Exactly the units in stock are sold, never more; completing one checkout from
// several requests at once places one order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVariant, seedZones } from '../server/modules/checkout/checkout.fixtures';
import { createTestApi, type TestApi } from '../server/testing/test-api';
import { createTestDatabase, type TestDatabase } from '../server/testing/test-database';
import { COMPLETE, readyBuyers, soldOf, stockOf, type CompleteAnswer } from './fixtures';
import { createReport } from './report';
import { HARDENING_JWT_SECRET, graphqlOver, startShop, type ShopProcess } from './shop-process';

const BUYERS = Number(process.env.HARDENING_BUYERS ?? 500);
const UNITS = 10;
const ROUNDS = Number(process.env.HARDENING_ROUNDS ?? 2);
const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const record = createReport('oversell');

let database: TestDatabase;
let api: TestApi;
const shops: ShopProcess[] = [];

/** The shops' logged errors (level 50 and up), the first few: what a failed answer hid behind its request id. */
function serverErrors(): string {
  const lines = shops.flatMap((shop) => shop.output().split('\n')).filter((line) => /"level":(5|6)0/.test(line));
  return lines.slice(0, 5).join('\n');
}

describe.runIf(hasPostgres)('two processes sharing one PostgreSQL', () => {
  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    api = await createTestApi({ jwtSecret: HARDENING_JWT_SECRET }, { database });
    await seedZones(api.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    // Every buyer gets a turn: the contention for the stock is what is tested here, not the load
    // shedding (server/http/overload.ts) that would refuse most of 500 requests arriving at once.
    const admitAll = { OVERLOAD_MAX_QUEUED: String(BUYERS), OVERLOAD_MAX_WAIT_MS: '60000', OVERLOAD_EVENT_LOOP_DELAY_MS: '60000', OVERLOAD_HEAP_PERCENT: '100' };
    shops.push(...(await Promise.all([1, 2].map(() => startShop({ DATABASE_URL: url.toString(), DATABASE_POOL_SIZE: '10', ...admitAll })))));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await api?.close();
  });

  it(`sells exactly ${UNITS} units to ${BUYERS} buyers completing at once, round after round`, async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const variantId = await createVariant(api.db, { price: 1_000_00, stock: UNITS });
      const buyers = await readyBuyers(api, variantId, BUYERS);
      const started = performance.now();
      const answers = await Promise.all(
        buyers.map((buyer, i) => graphqlOver<CompleteAnswer>(shops[i % 2]!.url, COMPLETE, { checkoutId: buyer.checkoutId }, buyer.token)),
      );
      const seconds = (performance.now() - started) / 1000;
      const placed = answers.filter((a) => a.data?.checkoutComplete?.order);
      const refusals = answers.flatMap((a) => a.data?.checkoutComplete?.errors.map((e) => e.message) ?? []);
      const failures = answers.filter((a) => a.errors);
      expect(failures, `${JSON.stringify(failures.slice(0, 3))}\n${serverErrors()}`).toEqual([]);
      expect(placed.length).toBe(UNITS);
      expect(new Set(refusals)).toEqual(new Set(['Out of stock.']));
      expect(await stockOf(api.db, variantId)).toBe(0);
      expect(await soldOf(api.db, variantId)).toEqual({ units: UNITS, orders: UNITS });
      record('oversell', { round, buyers: BUYERS, units: UNITS, orders: placed.length, outOfStock: refusals.length, stockAfter: 0, seconds: Number(seconds.toFixed(2)) });
    }
  }, 600_000);

  it('places one order when one checkout is completed five times at once, on both processes', async () => {
    const variantId = await createVariant(api.db, { price: 2_000_00, stock: 5 });
    const [buyer] = await readyBuyers(api, variantId, 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => graphqlOver<CompleteAnswer>(shops[i % 2]!.url, COMPLETE, { checkoutId: buyer!.checkoutId }, buyer!.token)),
    );
    const orders = answers.map((a) => a.data?.checkoutComplete?.order);
    expect(orders.every((o) => o && o.id === orders[0]!.id && o.number === orders[0]!.number)).toBe(true);
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
    expect(await soldOf(api.db, variantId)).toEqual({ units: 1, orders: 1 });
    expect(await stockOf(api.db, variantId)).toBe(4);
    record('parallel-complete', { requests: 5, orders: 1 });
  }, 120_000);
});
