// A proof of billing (a customer's bank slip) over HTTP: its owner and staff holding
// MANAGE_ORDERS see it, never with a public cache header; another customer, a visitor and staff
// without the permission get the same 404 as for no file at all; /media never serves it.
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import express from 'express';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createMediaRouter } from '../../http/media';
import { storageOf } from '../../storage/file-storage';
import { createMediaCache } from '../../storage/media-cache';
import { users } from '../accounts/accounts.tables';
import { signSessionToken } from '../accounts/session';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { staffPermissions } from '../system/staff-access.tables';
import { uploadProofOfBilling } from './order-actions.service';
import { createProofOfBillingRouter } from './proof-of-billing.http';

let t: TestApi;
let base: string;
let close: () => void;
let alice: Customer;
let bob: Customer;
let clerk: string; // staff with MANAGE_ORDERS
let packer: string; // staff without it
let proofUrl: string;

async function staffToken(permissions: 'MANAGE_ORDERS'[]): Promise<string> {
  const c = await createCustomer(t);
  const [row] = await t.db.update(users).set({ isStaff: true }).where(eq(users.id, c.user.id)).returning();
  if (permissions.length) await t.db.insert(staffPermissions).values(permissions.map((permission) => ({ userId: c.user.id, permission })));
  return signSessionToken(row!, t.config.jwtSecret);
}

beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  clerk = await staffToken(['MANAGE_ORDERS']);
  packer = await staffToken([]);

  const variantId = await createVariant(t.db, { price: 1_000_00, stock: 5 });
  const checkoutId = await readyCheckout(alice, [{ variantId, quantity: 1 }], { gateway: 'Bank Deposit' });
  const { order } = await completeCheckout(alice.ctx, checkoutId);
  const slip = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
  await uploadProofOfBilling(alice.ctx, { orderId: order.id, image: slip.toString('base64') });
  const { data } = await t.gql<{ order: { proofOfBilling: { url: string } } }>(
    'query($id: ID!) { order(id: $id) { proofOfBilling { url } } }',
    { id: Buffer.from(`Order:${order.id}`).toString('base64') },
    { token: alice.token },
  );
  proofUrl = data!.order.proofOfBilling.url;

  // The shop's own routers, as server/http/app.ts mounts them.
  const app = express();
  app.use('/media', createMediaRouter({ storage: () => storageOf({ config: t.config, db: t.db }), cache: createMediaCache(1_000_000) }));
  app.use('/proofs', createProofOfBillingRouter({ db: t.db, config: t.config }));
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(async () => {
  close?.();
  await t?.close();
});

const get = (url: string, token?: string, asCookie = true) =>
  fetch(`${base}${url}`, { headers: token ? (asCookie ? { cookie: `token=${encodeURIComponent(token)}` } : { authorization: `Bearer ${token}` }) : {} });

describe('a proof of billing', () => {
  it('is served to its owner (session cookie or bearer token) as private, never stored by a cache', async () => {
    expect(proofUrl).toMatch(/^\/proofs\/\d+-[0-9a-f]{32}\.webp$/);
    for (const asCookie of [true, false]) {
      const response = await get(proofUrl, alice.token, asCookie);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect((await sharp(bytes).metadata()).format).toBe('webp');
    }
  });

  it('is served to staff holding MANAGE_ORDERS', async () => {
    const response = await get(proofUrl, clerk);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('is the same 404 as a missing file for another customer, a visitor and staff without MANAGE_ORDERS', async () => {
    const missing = await get(proofUrl.replace(/[0-9a-f]{32}/, '0'.repeat(32)), alice.token);
    expect(missing.status).toBe(404);
    const missingBody = await missing.text();
    for (const token of [bob.token, undefined, packer]) {
      const response = await get(proofUrl, token);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(missingBody);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }
  });

  it('is never served from /media, where answers are public and cached for a year', async () => {
    const key = proofUrl.replace(/^\//, '');
    for (const token of [undefined, alice.token, clerk]) {
      const response = await get(`/media/${key}`, token);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control') ?? '').not.toMatch(/public|max-age/);
    }
  });
});
