// Back up a shop with customers, orders, payments and an uploaded image (the nightly job's way),
// wipe it, restore it, and find the same rows and the same image bytes; on each database.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { silentLog } from '../jobs/job-testing';
import { JOB_SCHEMA } from '../jobs/job-sql';
import { users } from '../modules/accounts/accounts.tables';
import { productImages } from '../modules/catalogue/catalogue.tables';
import { createTestProduct } from '../modules/catalogue/catalogue.fixtures';
import { createCustomer, createVariant, readyCheckout, seedZones } from '../modules/checkout/checkout.fixtures';
import { completeCheckout } from '../modules/checkout/place-order.service';
import { orders } from '../modules/orders/orders.tables';
import { payments } from '../modules/payments/payments.tables';
import { staffPermissions } from '../modules/system/staff-access.tables';
import { databaseUrl, testDriver } from '../testing/test-database';
import { createTestApi, type TestApi } from '../testing/test-api';
import { backupFileName, backupsDir, listBackups, pgliteDirOf, restoreBackup } from './backup-archive';
import { backupShop } from './backup-shop';
import { nextBackupAt, nightlyBackupJob } from './nightly-backup';

const driver = testDriver();
let t: TestApi;
let config: Config;

beforeAll(async () => {
  t = await createTestApi();
  config = { ...t.config, databaseUrl: driver === 'postgres' ? databaseUrl(t.database.name) : undefined };
  await seedZones(t.db);
  for (let i = 0; i < 2; i++) {
    const buyer = await createCustomer(t);
    const variantId = await createVariant(t.db, { price: 1_500_00 + i });
    await completeCheckout(buyer.ctx, await readyCheckout(buyer, [{ variantId, quantity: 1 + i }]));
  }
  const staff = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values({ userId: staff.user.id, permission: 'MANAGE_PRODUCTS' });
  const { product } = await createTestProduct(t.db, { basePrice: 100_00, variants: [{ color: 'Blue' }] });
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#cc3366' } }).png().toBuffer();
  const uploaded = await t.gql<{ productMediaCreate: { errors: unknown[] } }>(
    `mutation($input: ProductMediaCreateInput!) { productMediaCreate(input: $input) { errors { field message } } }`,
    { input: { product: encodeGlobalID('Product', product.id), image: `data:image/png;base64,${png.toString('base64')}`, alt: 'Front' } },
    { token: staff.token },
  );
  expect(uploaded.data?.productMediaCreate.errors).toEqual([]);
});
afterAll(async () => {
  await t?.close();
});

async function shopRows(db: Database) {
  return {
    customers: await db.select().from(users).orderBy(asc(users.id)),
    orders: await db.select().from(orders).orderBy(asc(orders.id)),
    payments: await db.select().from(payments).orderBy(asc(payments.id)),
    images: await db.select().from(productImages).orderBy(asc(productImages.id)),
  };
}

/** Every file under DATA_DIR/media by its path, as a hash of its bytes. */
function mediaFiles(dataDir: string): Record<string, string> {
  const root = path.join(dataDir, 'media');
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else out[path.relative(root, full)] = createHash('sha256').update(readFileSync(full)).digest('hex');
    }
  };
  if (existsSync(root)) walk(root);
  return out;
}

const runNightlyJob = (jobConfig: Config) =>
  nightlyBackupJob.handler({}, { db: t.db, config: jobConfig, log: silentLog(), jobId: 'test-nightly', retryCount: 0, dumpDataDir: t.database.dumpDataDir });

describe(`backups (${driver})`, () => {
  it('restores the same customers, orders, payments and images after the shop is wiped', async () => {
    const before = await shopRows(t.db);
    const files = mediaFiles(config.dataDir);
    expect(before.customers.length).toBe(3);
    expect(before.orders.length).toBe(2);
    expect(before.payments.length).toBe(2);
    expect(before.images.length).toBe(1);
    expect(Object.keys(files).some((name) => name.startsWith('uploads/'))).toBe(true);
    const jwtSecret = readFileSync(path.join(config.dataDir, 'jwt-secret'), 'utf8');

    await runNightlyJob(config);
    const [name] = await listBackups(config.dataDir);
    const file = path.join(backupsDir(config.dataDir), name!);

    // Wiped: the files, and on PostgreSQL every table (the embedded test database lives in memory
    // and is never written to DATA_DIR: the restore below creates DATA_DIR/pglite).
    for (const entry of ['media', 'jwt-secret']) await rm(path.join(config.dataDir, entry), { recursive: true });
    if (driver === 'postgres') {
      await t.database.executeSql('DROP SCHEMA public, drizzle, pgboss CASCADE; CREATE SCHEMA public');
      // The shop's connections are still open: refused unless forced, nothing touched.
      await expect(restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl })).rejects.toThrow(
        /other session\(s\) are connected to the database: stop the shop/,
      );
    }
    const result = await restoreBackup(file, { dataDir: config.dataDir, databaseUrl: config.databaseUrl, force: true });
    expect(result.driver).toBe(driver);

    const restored = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: pgliteDirOf(config.dataDir) });
    try {
      expect(await shopRows(restored.db)).toEqual(before);
      // A start applies the migrations: nothing is pending, nothing fails.
      await migrateDatabase(restored);
    } finally {
      await restored.close();
    }
    expect(mediaFiles(config.dataDir)).toEqual(files);
    expect(readFileSync(path.join(config.dataDir, 'jwt-secret'), 'utf8')).toBe(jwtSecret);
  });

  it('keeps the newest BACKUP_KEEP backups, never the copies a restore made, and queues the next night', async () => {
    const dir = backupsDir(config.dataDir);
    const older = [1, 2, 3].map((daysAgo) => backupFileName(new Date(Date.now() - daysAgo * 86_400_000)));
    for (const name of older) writeFileSync(path.join(dir, name), 'an older backup');
    const beforeRestore = backupFileName(new Date(Date.now() - 5 * 86_400_000), 'before-restore');
    writeFileSync(path.join(dir, beforeRestore), 'what a restore replaced');

    const previous = await listBackups(config.dataDir);
    expect(previous.length).toBeGreaterThan(2);

    const startedAt = new Date();
    await runNightlyJob({ ...config, backup: { time: { hour: 3, minute: 0 }, keep: 2 } });
    const kept = await listBackups(config.dataDir);
    expect(kept).toHaveLength(2);
    expect(previous).not.toContain(kept[0]);
    expect(kept[1]).toBe(previous[0]);
    expect(existsSync(path.join(dir, beforeRestore))).toBe(true);

    const { rows } = await t.database.executeSql(`SELECT start_after FROM ${JOB_SCHEMA}.job WHERE name = $1 AND state = 'created'`, [nightlyBackupJob.name]);
    expect(rows).toHaveLength(1);
    // The next 03:00 in Manila, a minute ahead of the run (either side of it, should the run straddle 03:00).
    const expected = [startedAt, new Date()].map((at) => nextBackupAt({ hour: 3, minute: 0 }, new Date(at.getTime() + 60_000)).getTime());
    expect(expected).toContain(new Date(rows[0]!.start_after as string).getTime());
  });

  // One test, both databases (no run skipped on either): the embedded database is one process's
  // at a time, PostgreSQL is not.
  it('npm run backup while the shop runs: refused in one line on the embedded database, taken on PostgreSQL', async () => {
    if (driver === 'postgres') {
      const { file } = await backupShop(config);
      expect(existsSync(file)).toBe(true);
      return;
    }
    const running = await openDatabase({ pgliteDir: pgliteDirOf(config.dataDir) });
    try {
      await expect(backupShop(config)).rejects.toThrow(/^the shop is running on .+ \(DATA_DIR\) and holds its embedded database, .+stop it first$/);
      const [name] = await listBackups(config.dataDir);
      await expect(restoreBackup(path.join(backupsDir(config.dataDir), name!), { dataDir: config.dataDir })).rejects.toThrow(
        /^the shop is running on .+ \(DATA_DIR\) and holds its embedded database: stop it first, then restore$/,
      );
    } finally {
      await running.close();
    }
    const { file } = await backupShop(config);
    expect(existsSync(file)).toBe(true);
  });
});
