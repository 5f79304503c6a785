// Two shop processes (the production build) on one PostgreSQL database and one Redis, behind a
// round-robin load balancer on loopback (docs/operations.md, "The reference deployment"): one
// shopper's and one staff member's journey crosses both replicas, and a rolling restart of both
// while buyers check out answers every request and loses or doubles no order.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { connect } from 'node:net';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { users } from '../server/modules/accounts/accounts.tables';
import { signSessionToken } from '../server/modules/accounts/session';
import { productUnitsSoldChanges, productVariants } from '../server/modules/catalogue/catalogue.tables';
import { foldUnitsSoldJob } from '../server/modules/catalogue/units-sold.service';
import { enqueueJob } from '../server/jobs/jobs';
import { createCustomer, createVariant, seedZones } from '../server/modules/checkout/checkout.fixtures';
import { emails } from '../server/modules/notifications/notifications.tables';
import { orders } from '../server/modules/orders/orders.tables';
import { staffPermissions } from '../server/modules/system/staff-access.tables';
import { createTestApi, type TestApi } from '../server/testing/test-api';
import type { TestDatabase } from '../server/testing/test-database';
import { createReport } from './report';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';
import { HARDENING_JWT_SECRET, freePort, startShop, type ShopProcess } from './shop-process';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const record = createReport('replicas');
/** Buyers checking out in a loop during the rolling restart. */
const BUYERS = Number(process.env.HARDENING_REPLICA_BUYERS ?? 8);

let database: TestDatabase;
let api: TestApi;
let redis: { url: string; stop(): Promise<void> };
let smtp: SmtpSink;
let proxy: RoundRobinProxy;
const shops: ShopProcess[] = [];
let shopEnv: Record<string, string>;

/** A fresh database of this suite's own (replicas_<random>), migrated, dropped at the end. */
async function freshDatabase(): Promise<TestDatabase> {
  const admin = process.env.TEST_DATABASE_URL!;
  const name = `replicas_${randomBytes(5).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString() }, { onIdleError: () => {} });
  await migrateDatabase(handle);
  return {
    ...handle,
    name,
    close: async () => {
      await handle.close();
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * A Redis of the suite's own on a free port (counters from other runs cannot leak in); where
 * `redis-server` is not installed, the machine's running Redis (the journey's accounts are new
 * each run, so its throttling counters are too).
 */
async function startRedis(): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  const missing = await new Promise<boolean>((resolve) => {
    child.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ENOENT'));
    child.once('spawn', () => resolve(false));
  });
  if (missing) return { url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', stop: async () => {} };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.end(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('redis-server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

type Answer<T> = { status: number; servedBy: number; data?: T; errors?: { message: string }[] };

/**
 * A GraphQL call through the load balancer. `on` pins the replica (the balancer's test-only
 * X-Test-Replica header) so the journey can say "on one, then on the other"; the buyers of the
 * rolling restart leave it to the round robin.
 */
async function gql<T>(query: string, variables: Record<string, unknown>, options: { token?: string; on?: 0 | 1; ip?: string } = {}): Promise<Answer<T>> {
  const response = await fetch(`${proxy.url}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-suki-csrf': '1',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.on !== undefined ? { 'x-test-replica': String(options.on) } : {}),
      ...(options.ip ? { 'x-forwarded-for': options.ip } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  const servedBy = Number(response.headers.get('x-served-by'));
  const text = await response.text();
  let body: { data?: T; errors?: { message: string }[] } = {};
  try {
    body = JSON.parse(text);
  } catch {
    body = { errors: [{ message: `${response.status}: ${text.slice(0, 200)}` }] };
  }
  return { status: response.status, servedBy, ...body };
}

/** The shops' logged errors (level 50 and up), the first few. */
function serverErrors(): string {
  return shops
    .flatMap((shop) => shop.output().split('\n'))
    .filter((line) => /"level":(5|6)0/.test(line))
    .slice(0, 5)
    .join('\n');
}

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function staffWith(permissions: ('MANAGE_ORDERS' | 'MANAGE_PRODUCTS')[]): Promise<string> {
  const c = await createCustomer(api);
  const [row] = await api.db.update(users).set({ isStaff: true }).where(eq(users.id, c.user.id)).returning();
  await api.db.insert(staffPermissions).values(permissions.map((permission) => ({ userId: c.user.id, permission })));
  return signSessionToken(row!, HARDENING_JWT_SECRET);
}

const ADDRESS = { firstName: 'Juan', lastName: 'Dela Cruz', streetAddress1: '123 Rizal Street', cityArea: 'Poblacion', city: 'Makati City', countryArea: 'Metro Manila', postalCode: '1210', phone: '9171234567' };
type Errors = { errors: { message: string }[] } | null;

/**
 * The checkout screen's calls (bench/checkout.ts): a checkout of one unit, billing address,
 * pickup, Bank Deposit, complete. Returns the order's id, or throws with what went wrong.
 */
async function checkOut(token: string, variantId: string, on?: 0 | 1): Promise<string> {
  const step = async <T>(name: string, query: string, variables: Record<string, unknown>, payload: (data: T) => Errors) => {
    const answer = await gql<T>(query, variables, { token, on });
    if (answer.status >= 500 || answer.errors || !answer.data) throw new Error(`${name}: ${answer.status} ${JSON.stringify(answer.errors)}`);
    const errors = payload(answer.data)?.errors;
    if (errors?.length) throw new Error(`${name}: ${errors[0]!.message}`);
    return answer.data;
  };
  type Created = { checkoutCreate: { checkout: { id: string; availableShippingMethods: { id: string; type: string }[] } | null; errors: { message: string }[] } };
  const created = await step<Created>(
    'create',
    'mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { id availableShippingMethods { id type } } errors { message } } }',
    { input: { lines: [{ variantId, quantity: 1 }] } },
    (d) => d.checkoutCreate,
  );
  const checkout = created.checkoutCreate.checkout!;
  const pickup = checkout.availableShippingMethods.find((m) => m.type === 'PICKUP') ?? checkout.availableShippingMethods[0]!;
  const c = checkout.id;
  await step<{ checkoutBillingAddressUpdate: Errors }>('billing', 'mutation($c: ID!, $a: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $c, billingAddress: $a) { errors { message } } }', { c, a: ADDRESS }, (d) => d.checkoutBillingAddressUpdate);
  await step<{ checkoutShippingMethodUpdate: Errors }>('method', 'mutation($c: ID!, $m: ID!) { checkoutShippingMethodUpdate(checkoutId: $c, shippingMethodId: $m) { errors { message } } }', { c, m: pickup.id }, (d) => d.checkoutShippingMethodUpdate);
  await step<{ checkoutPaymentCreate: Errors }>('payment', 'mutation($c: ID!, $i: PaymentInput!) { checkoutPaymentCreate(checkoutId: $c, input: $i) { errors { message } } }', { c, i: { gateway: 'Bank Deposit', token: 'not-charged' } }, (d) => d.checkoutPaymentCreate);
  type Completed = { checkoutComplete: { order: { id: string } | null; errors: { message: string }[] } };
  const done = await step<Completed>('complete', 'mutation($c: ID!) { checkoutComplete(checkoutId: $c) { order { id } errors { message } } }', { c }, (d) => d.checkoutComplete);
  return done.checkoutComplete.order!.id;
}

/**
 * Waits until no email is waiting for its job, then checks that the SMTP server received each
 * sent email once: as many messages per recipient as the database has sent rows for it.
 */
async function emailsSentOnce(): Promise<{ to: string; template: string }[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [pending] = await api.db.select({ n: sql<number>`count(*)::int` }).from(emails).where(inArray(emails.status, ['queued', 'failed']));
    if (pending!.n === 0) break;
    if (Date.now() > deadline) throw new Error(`emails still waiting for their job: ${pending!.n}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // A second send of a job already done would arrive after its row was marked sent.
  await new Promise((r) => setTimeout(r, 1500));
  const rows = await api.db.select({ to: emails.to, template: emails.template, status: emails.status }).from(emails);
  expect(rows.filter((e) => e.status !== 'sent')).toEqual([]);
  const byRecipient = (list: string[]) => Object.fromEntries([...new Set(list)].sort().map((to) => [to, list.filter((t) => t === to).length]));
  expect(byRecipient(smtp.messages.flatMap((m) => m.to))).toEqual(byRecipient(rows.map((e) => e.to)));
  return rows;
}

const orderNumber = (globalId: string) => Number(Buffer.from(globalId, 'base64').toString().split(':')[1]);

describe.runIf(hasPostgres)('two replicas on one PostgreSQL and one Redis, behind a load balancer', () => {
  beforeAll(async () => {
    [database, redis, smtp] = await Promise.all([freshDatabase(), startRedis(), startSmtpSink()]);
    api = await createTestApi({ jwtSecret: HARDENING_JWT_SECRET }, { database });
    await seedZones(api.db);
    proxy = await startRoundRobinProxy(() => shops.map((shop) => shop.url));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database.name}`;
    shopEnv = {
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: '8',
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      // Every replica has the load balancer's address as its own; it sets X-Forwarded-For.
      PUBLIC_URL: proxy.url,
      TRUST_PROXY: 'loopback',
      JOBS_POLL_SECONDS: '0.5',
    };
    shops.push(...(await Promise.all([0, 1].map(() => startShop(shopEnv)))));
  }, 180_000);
  afterAll(async () => {
    await Promise.all(shops.map((shop) => shop.stop()));
    await proxy?.close();
    await api?.close();
    await Promise.all([redis?.stop(), smtp?.close()]);
  });

  it('carries one journey across both: accounts, throttling, sessions, proofs, prices, jobs', async () => {
    const email = `replica-${randomBytes(4).toString('hex')}@example.com`;
    const owner = randomIp();
    const guesser = randomIp();
    const LOGIN = 'mutation($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { token errors { message } } }';
    type Login = { tokenCreate: { token: string | null; errors: { message: string }[] } };
    const ME = '{ me { email } }';

    // Sign up on one replica, sign in on the other.
    const signUp = await gql<{ accountRegister: { errors: { message: string }[] } }>(
      'mutation($e: String!) { accountRegister(input: { email: $e, password: "right-pass-123", firstName: "Ana", lastName: "Reyes" }) { errors { message } } }',
      { e: email },
      { on: 0, ip: owner },
    );
    expect(signUp).toMatchObject({ status: 200, servedBy: 0, data: { accountRegister: { errors: [] } } });
    const signIn1 = await gql<Login>(LOGIN, { e: email, p: 'right-pass-123' }, { on: 1, ip: owner });
    expect(signIn1).toMatchObject({ servedBy: 1, data: { tokenCreate: { errors: [] } } });
    const token1 = signIn1.data!.tokenCreate.token!;
    const signIn0 = await gql<Login>(LOGIN, { e: email, p: 'right-pass-123' }, { on: 0, ip: owner });
    const token0 = signIn0.data!.tokenCreate.token!;
    for (const on of [0, 1] as const) for (const token of [token0, token1]) expect((await gql<{ me: { email: string } }>(ME, {}, { token, on })).data?.me?.email).toBe(email);

    // Sign-in throttling counts the failures on both (the counters are in Redis): three wrong
    // passwords on each are six for the pair, past the five free tries.
    for (const on of [0, 1, 0, 1, 0, 1] as const) {
      const wrong = await gql<Login>(LOGIN, { e: email, p: 'wrong-pass-000' }, { on, ip: guesser });
      expect(wrong.data!.tokenCreate.errors[0]!.message).toBe('Please, enter valid credentials');
    }
    for (const on of [0, 1] as const) {
      const refused = await gql<Login>(LOGIN, { e: email, p: 'right-pass-123' }, { on, ip: guesser });
      expect(refused.data!.tokenCreate.errors[0]!.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    }

    // A password change on one ends the other sessions on both, at once.
    const changed = await gql<{ passwordChange: { token: string | null; errors: { message: string }[] } }>(
      'mutation { passwordChange(oldPassword: "right-pass-123", newPassword: "new-Pass-4821-suki") { token errors { message } } }',
      {},
      { token: token0, on: 0 },
    );
    expect(changed.data!.passwordChange.errors).toEqual([]);
    const fresh = changed.data!.passwordChange.token!;
    for (const on of [1, 0] as const) {
      for (const token of [token1, token0]) expect((await gql<{ me: { email: string } | null }>(ME, {}, { token, on })).data?.me ?? null).toBeNull();
      expect((await gql<{ me: { email: string } }>(ME, {}, { token: fresh, on })).data?.me?.email).toBe(email);
    }

    // A proof of billing uploaded through one is seen by staff through the other. (Checkout asks
    // for a verified email: the emailed link, done here in the database.)
    await api.db.update(users).set({ isVerified: true }).where(eq(users.email, email));
    const variantId = await createVariant(api.db, { price: 1_000_00, stock: 1_000_000 });
    const variant = encodeGlobalID('ProductVariant', variantId);
    const orderId = await checkOut(fresh, variant, 0);
    const slip = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#336699' } }).png().toBuffer();
    const uploaded = await gql<{ proofOfBillingUpload: { errors: { message: string }[] } }>(
      'mutation($id: ID!, $i: ProofOfBillingInput!) { proofOfBillingUpload(id: $id, input: $i) { errors { message } } }',
      { id: orderId, i: { image: `data:image/png;base64,${slip.toString('base64')}` } },
      { token: fresh, on: 0 },
    );
    expect(uploaded).toMatchObject({ servedBy: 0, data: { proofOfBillingUpload: { errors: [] } } });
    const clerk = await staffWith(['MANAGE_ORDERS']);
    const seen = await gql<{ order: { proofOfBilling: { url: string } | null } }>('query($id: ID!) { order(id: $id) { proofOfBilling { url } } }', { id: orderId }, { token: clerk, on: 1 });
    const proofUrl = seen.data!.order.proofOfBilling!.url;
    expect(proofUrl).toMatch(/^\/proofs\//);
    const proof = await fetch(`${proxy.url}${proofUrl}`, { headers: { authorization: `Bearer ${clerk}`, 'x-test-replica': '1' } });
    expect([proof.status, proof.headers.get('x-served-by'), proof.headers.get('content-type'), proof.headers.get('cache-control')]).toEqual([200, '1', 'image/webp', 'private, no-store']);
    expect((await sharp(Buffer.from(await proof.arrayBuffer())).metadata()).width).toBe(40);
    expect((await fetch(`${proxy.url}${proofUrl}`, { headers: { 'x-test-replica': '1' } })).status).toBe(404);

    // A staff price change on one is seen by visitors of the other on their next request.
    const [{ productId }] = await api.db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, variantId));
    const product = encodeGlobalID('Product', productId!);
    const PRICE = 'query($id: ID!) { product(id: $id) { variants { pricing { price { gross { amount } } } } } }';
    type Price = { product: { variants: { pricing: { price: { gross: { amount: number } } } }[] } };
    const priceOn = async (on: 0 | 1) => (await gql<Price>(PRICE, { id: product }, { on })).data!.product.variants[0]!.pricing.price.gross.amount;
    // Twice each: the second answer is the visitor cache's.
    for (const on of [0, 1, 0, 1] as const) expect(await priceOn(on)).toBe(1000);
    const merchandiser = await staffWith(['MANAGE_PRODUCTS']);
    const repriced = await gql<{ productVariantUpdate: { errors: { message: string }[] } }>(
      'mutation($id: ID!, $input: ProductVariantInput!) { productVariantUpdate(id: $id, input: $input) { errors { message } } }',
      { id: variant, input: { price: 899 } },
      { token: merchandiser, on: 0 },
    );
    expect(repriced.data!.productVariantUpdate.errors).toEqual([]);
    expect(await priceOn(1)).toBe(899);
    expect(await priceOn(0)).toBe(899);
    // A stock change drops only that product's answers (ADR 053), on both replicas alike.
    const STOCK = 'query($id: ID!) { product(id: $id) { variants { stockQuantity } } }';
    const stockOn = async (on: 0 | 1) => (await gql<{ product: { variants: { stockQuantity: number }[] } }>(STOCK, { id: product }, { on })).data!.product.variants[0]!.stockQuantity;
    for (const on of [0, 1, 0, 1] as const) expect(await stockOn(on)).toBe(6);
    await api.db.update(productVariants).set({ stockQuantity: 5 }).where(eq(productVariants.id, variantId));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await stockOn(1)).toBe(5);
    expect(await stockOn(0)).toBe(5);

    // Each background job ran once: every email the journey queued (sign-up, order) was sent by
    // one replica's job, and the SMTP server received it once.
    const sent = await emailsSentOnce();
    expect(sent.length).toBeGreaterThan(1);
    expect(proxy.figures.errors).toEqual([]);
    record('journey', { requests: proxy.figures.requests, emailsSent: sent.length, templates: [...new Set(sent.map((e) => e.template))].sort(), smtpMessages: smtp.messages.length });
  }, 180_000);

  it('restarts both replicas in turn while buyers check out: every request answered, no order lost or doubled', async () => {
    const variantId = encodeGlobalID('ProductVariant', await createVariant(api.db, { price: 500_00, stock: 1_000_000 }));
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => createCustomer(api)));
    const before = { requests: proxy.figures.requests, retried: proxy.figures.retried, statuses: { ...proxy.figures.statuses } };
    const told: { buyer: number; order: number }[] = [];
    const failures: string[] = [];
    let running = true;
    const loops = buyers.map(async (buyer, n) => {
      while (running) {
        try {
          told.push({ buyer: buyer.user.id, order: orderNumber(await checkOut(buyer.token, variantId)) });
        } catch (error) {
          failures.push(`buyer ${n}: ${(error as Error).message}`);
        }
      }
    });

    await new Promise((r) => setTimeout(r, 3000));
    const restarts: { replica: number; stopSeconds: number; startSeconds: number; ordersDuring: number }[] = [];
    for (const replica of [0, 1]) {
      const old = shops[replica]!;
      const port = Number(new URL(old.url).port);
      const ordersBefore = told.length;
      const at = performance.now();
      await old.stop('SIGTERM');
      const stopped = performance.now();
      shops[replica] = await startShop(shopEnv, { port });
      const started = performance.now();
      restarts.push({ replica, stopSeconds: round((stopped - at) / 1000), startSeconds: round((started - stopped) / 1000), ordersDuring: told.length - ordersBefore });
      expect(old.output(), 'the stopping replica exited cleanly').not.toMatch(/"level":(5|6)0/);
      await new Promise((r) => setTimeout(r, 2000));
    }
    await new Promise((r) => setTimeout(r, 1000));
    running = false;
    await Promise.all(loops);

    const statuses = Object.entries(proxy.figures.statuses).map(([status, count]) => [Number(status), count - (before.statuses[Number(status)] ?? 0)] as const);
    const serverFailures = statuses.filter(([status, count]) => status >= 500 && count > 0);
    const figures = {
      buyers: BUYERS,
      requests: proxy.figures.requests - before.requests,
      ordersTold: told.length,
      failures: failures.length,
      answers5xx: serverFailures.reduce((sum, [, count]) => sum + count, 0),
      refusedAndRetried: proxy.figures.retried - before.retried,
      restarts,
    };
    record('rolling restart', figures);
    console.log(`[replicas] rolling restart: ${JSON.stringify(figures)}`);
    expect(failures, serverErrors()).toEqual([]);
    expect(serverFailures).toEqual([]);
    expect(proxy.figures.errors).toEqual([]);
    expect(told.length).toBeGreaterThan(BUYERS);
    expect(restarts.every((r) => r.ordersDuring > 0), 'buyers kept buying through each restart').toBe(true);

    // The database holds exactly the orders the buyers were told about: none lost, none doubled.
    const rows = await api.db.select({ id: orders.id, userId: orders.userId, checkoutId: orders.checkoutId }).from(orders).where(inArray(orders.userId, buyers.map((b) => b.user.id)));
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(told.map((t) => t.order).sort((a, b) => a - b));
    expect(new Set(rows.map((r) => r.checkoutId)).size).toBe(rows.length);
    for (const row of rows) expect(told.find((t) => t.order === row.id)!.buyer).toBe(row.userId);

    // The jobs the stopping replicas held were finished, and none ran twice: each order's
    // confirmation reached the SMTP server once.
    const sent = await emailsSentOnce();
    expect(sent.filter((e) => e.template === 'order_confirmation').length).toBeGreaterThanOrEqual(told.length);
    record('rolling restart emails', { sent: sent.length, smtpMessages: smtp.messages.length });
  }, 300_000);

  it("folds the buyers' units sold into products through the replicas' job runners, each unit once", async () => {
    // The replicas queue the fold each minute (ADR 058); two more asked at once, so both
    // replicas' runners may fold together, as two replicas' minutes can.
    await Promise.all([enqueueJob(api.db, foldUnitsSoldJob, {}), enqueueJob(api.db, foldUnitsSoldJob, {})]);
    const waiting = async () => (await api.db.select({ productId: productUnitsSoldChanges.productId }).from(productUnitsSoldChanges)).length;
    const deadline = Date.now() + 30_000;
    while ((await waiting()) > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await waiting(), 'every change row folded').toBe(0);
    const result = await api.db.execute(sql`SELECT p.id, p.units_sold AS kept, coalesce((SELECT sum(l.quantity) FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE l.product_id = p.id AND o.status NOT IN ('CANCELED', 'REJECTED')), 0)::int AS lines
      FROM products p WHERE EXISTS (SELECT 1 FROM order_lines l WHERE l.product_id = p.id)`);
    const kept = (result as unknown as { rows: { id: number; kept: number; lines: number }[] }).rows;
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.filter((row) => row.kept !== row.lines)).toEqual([]);
    record('units sold folded', { products: kept.length, units: kept.reduce((sum, row) => sum + row.kept, 0) });
  }, 60_000);
});

const round = (n: number) => Math.round(n * 10) / 10;
