// Two shop instances on one PostgreSQL database with the PostgreSQL storage driver (the default
// with DATABASE_URL): a file stored through one is served by the other, as replicas behind a
// load balancer need (docs/decisions/048-file-storage-drivers.md).
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { createMediaRouter } from '../http/media';
import { users } from '../modules/accounts/accounts.tables';
import { uploadProfilePicture } from '../modules/accounts/profile.service';
import { signSessionToken } from '../modules/accounts/session';
import { createCustomer, createVariant, readyCheckout, seedZones } from '../modules/checkout/checkout.fixtures';
import { completeCheckout } from '../modules/checkout/place-order.service';
import { uploadProofOfBilling } from '../modules/orders/order-actions.service';
import { createProofOfBillingRouter } from '../modules/orders/proof-of-billing.http';
import { staffPermissions } from '../modules/system/staff-access.tables';
import { createTestApi, type TestApi } from '../testing/test-api';
import { createTestDatabase, databaseUrl } from '../testing/test-database';
import { storageOf } from './file-storage';
import { createMediaCache } from './media-cache';

const shared = { storage: { driver: 'postgres' as const, s3: null }, jwtSecret: 'two-replicas-share-this-secret-0123456789' };
let one: TestApi;
let two: TestApi;
let baseOf: Map<TestApi, string>;
const servers: { close(): void }[] = [];

async function serve(t: TestApi): Promise<string> {
  const app = express();
  app.use('/media', createMediaRouter({ storage: () => storageOf({ config: t.config, db: t.db }), cache: createMediaCache(1_000_000) }));
  app.use('/proofs', createProofOfBillingRouter({ db: t.db, config: t.config }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const database = await createTestDatabase('postgres');
  // Each instance has its own pool and its own DATA_DIR, as two machines would.
  const second = await openDatabase({ url: databaseUrl(database.name) }, { onIdleError: () => {} });
  one = await createTestApi(shared, { database });
  two = await createTestApi(shared, { database: { ...second, name: database.name } });
  baseOf = new Map([
    [one, await serve(one)],
    [two, await serve(two)],
  ]);
  await seedZones(one.db);
});
afterAll(async () => {
  for (const server of servers) server.close();
  await two?.close();
  await one?.close();
});

const picture = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#884422' } }).png().toBuffer();

describe('files shared by two instances on one PostgreSQL database', () => {
  it('a profile picture uploaded through one is served by the other, with its year-long cache header', async () => {
    expect(one.config.dataDir).not.toBe(two.config.dataDir);
    const customer = await createCustomer(one);
    const updated = await uploadProfilePicture(customer.ctx, { base64Str: (await picture()).toString('base64') });
    const url = `/media/${updated.profilePicture}`;
    const fromTwo = await fetch(`${baseOf.get(two)}${url}`);
    expect(fromTwo.status).toBe(200);
    expect(fromTwo.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const fromOne = await fetch(`${baseOf.get(one)}${url}`);
    expect(Buffer.from(await fromTwo.arrayBuffer()).equals(Buffer.from(await fromOne.arrayBuffer()))).toBe(true);
  });

  it("a proof of billing uploaded through one is seen by staff through the other, and by no one else", async () => {
    const alice = await createCustomer(one);
    const variantId = await createVariant(one.db, { price: 500_00, stock: 3 });
    const checkoutId = await readyCheckout(alice, [{ variantId, quantity: 1 }], { gateway: 'Bank Deposit' });
    const { order } = await completeCheckout(alice.ctx, checkoutId);
    const uploaded = await uploadProofOfBilling(alice.ctx, { orderId: order.id, image: (await picture()).toString('base64') });

    const staff = await createCustomer(two);
    const [row] = await two.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id)).returning();
    await two.db.insert(staffPermissions).values({ userId: staff.user.id, permission: 'MANAGE_ORDERS' });
    const staffToken = await signSessionToken(row!, two.config.jwtSecret);

    const url = `${baseOf.get(two)}/${uploaded.proofOfBillingPath}`;
    const seen = await fetch(url, { headers: { cookie: `token=${staffToken}` } });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('private, no-store');
    expect((await fetch(url)).status).toBe(404);
  });
});
