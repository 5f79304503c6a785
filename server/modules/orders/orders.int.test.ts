// Orders after purchase through the API on a real database: listing and search, ownership,
// the unread flag, cancellation, re-order, receipts and the proof of billing.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_DEPOSIT_ACCOUNT } from '../../../common/checkout/gateways';
import { productVariants, products } from '../catalogue/catalogue.tables';
import { deleteProduct } from '../catalogue/catalogue-staff-products.service';
import { checkoutLines, checkouts } from '../checkout/checkout.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { listEmails } from '../notifications/notifications.service';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { requestOrderCancel, uploadProofOfBilling } from './order-actions.service';
import { markOrderAsPaid, refundOrder } from './order-staff.service';
import { applyOrderEvent } from './order-transitions.service';
import { orderLines, orders } from './orders.tables';

let t: TestApi;
let alice: Customer;
let bob: Customer;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  alice = await createCustomer(t);
  bob = await createCustomer(t);
  const s = await createCustomer(t);
  staff = { ...s, ctx: t.serviceContext({ ...s.user, isStaff: true }) };
});
afterAll(async () => {
  await t?.close();
});

async function placeOrder(
  customer: Customer,
  options: { gateway?: string; quantity?: number; stock?: number; delivery?: boolean } = {},
) {
  const variantId = await createVariant(t.db, { price: 1_000_00, stock: options.stock ?? 10 });
  const checkoutId = await readyCheckout(customer, [{ variantId, quantity: options.quantity ?? 1 }], {
    gateway: options.gateway,
    delivery: options.delivery,
  });
  const { order } = await completeCheckout(customer.ctx, checkoutId);
  return { order, variantId, gid: encodeGlobalID('Order', order.id) };
}

const ORDER_FIELDS = /* GraphQL */ `
  id number referenceKey status statusDisplay isRead isPaid paymentStatus paymentStatusDisplay captureStatus
  totalBalance { amount } total { gross { amount } } gateway
  proofOfBilling { url alt }
  statusLogs { status note }
  lines { productName quantity productId thumbnail { url } }
`;

const ORDER_QUERY = `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;
const CANCEL = `mutation($id: ID!, $reason: OrderCancelReason, $note: String) {
  requestOrderCancel(id: $id, reason: $reason, note: $note) { order { status statusLogs { status note } } errors { field message } orderErrors { message } }
}`;

describe('reading orders', () => {
  it('the owner reads an order with its payment status; another customer, a visitor and node() get nothing', async () => {
    const { gid, order } = await placeOrder(alice);
    const own = await t.gql<{ order: Record<string, unknown> }>(ORDER_QUERY, { id: gid }, { token: alice.token });
    expect(own.errors).toBeUndefined();
    expect(own.data!.order).toMatchObject({
      number: String(order.id),
      status: 'UNFULFILLED',
      statusDisplay: 'Unfulfilled',
      isRead: false,
      isPaid: false,
      paymentStatus: 'NOT_CHARGED',
      captureStatus: 'NOT_CAPTURED',
      paymentStatusDisplay: 'Pending',
      gateway: 'Bank Deposit',
      totalBalance: { amount: 1_000 },
      proofOfBilling: null,
      statusLogs: [{ status: 'UNFULFILLED', note: null }],
    });

    const other = await t.gql<{ order: unknown }>(ORDER_QUERY, { id: gid }, { token: bob.token });
    expect(other.data!.order).toBeNull();
    const visitor = await t.gql<{ order: unknown }>(ORDER_QUERY, { id: gid });
    expect(visitor.data!.order).toBeNull();
    const node = await t.gql<{ node: unknown }>(`query($id: ID!) { node(id: $id) { id ... on Order { referenceKey } } }`, { id: gid }, { token: bob.token });
    expect(node.data?.node ?? null).toBeNull();
    const ownNode = await t.gql<{ node: { referenceKey: string } }>(
      `query($id: ID!) { node(id: $id) { ... on Order { referenceKey } } }`,
      { id: gid },
      { token: alice.token },
    );
    expect(ownNode.errors).toBeUndefined();
    expect(ownNode.data!.node.referenceKey).toBe(order.referenceKey);
  });

  it('staff may read any order (the existing isStaff rule)', async () => {
    const { gid } = await placeOrder(bob);
    const row = await t.db.select().from(orders).where(eq(orders.userId, bob.user.id));
    expect(row.length).toBeGreaterThan(0);
    const { signSessionToken } = await import('../accounts/session');
    const { users } = await import('../accounts/accounts.tables');
    const [staffRow] = await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id)).returning();
    const token = await signSessionToken(staffRow!, t.config.jwtSecret);
    const seen = await t.gql<{ order: { status: string } | null }>(ORDER_QUERY, { id: gid }, { token });
    expect(seen.data!.order?.status).toBe('UNFULFILLED');
  });

  it('me.orders pages newest first with cursors, and searches by Order#, number and product name', async () => {
    const carol = await createCustomer(t);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push(await placeOrder(carol));
    const LIST = `query($first: Int, $after: String, $last: Int, $before: String, $search: String) {
      me { orders(first: $first, after: $after, last: $last, before: $before, search: $search) {
        totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { node { referenceKey lines { productName } } }
      } } }`;
    type List = {
      me: {
        orders: {
          totalCount: number;
          pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string; endCursor: string };
          edges: { node: { referenceKey: string; lines: { productName: string }[] } }[];
        };
      };
    };
    const keys = (r: { data?: List }) => r.data!.me.orders.edges.map((e) => e.node.referenceKey);
    const newest = placed.map((p) => p.order.referenceKey).reverse();

    const page1 = await t.gql<List>(LIST, { first: 2 }, { token: carol.token });
    expect(keys(page1)).toEqual(newest.slice(0, 2));
    expect(page1.data!.me.orders.totalCount).toBe(3);
    expect(page1.data!.me.orders.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const page2 = await t.gql<List>(LIST, { first: 2, after: page1.data!.me.orders.pageInfo.endCursor }, { token: carol.token });
    expect(keys(page2)).toEqual(newest.slice(2));
    expect(page2.data!.me.orders.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });

    const back = await t.gql<List>(LIST, { last: 2, before: page2.data!.me.orders.pageInfo.startCursor }, { token: carol.token });
    expect(keys(back)).toEqual(newest.slice(0, 2));
    expect(back.data!.me.orders.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });

    const byKey = await t.gql<List>(LIST, { search: placed[1]!.order.referenceKey.toLowerCase() }, { token: carol.token });
    expect(keys(byKey)).toEqual([placed[1]!.order.referenceKey]);
    const byNumber = await t.gql<List>(LIST, { search: String(placed[0]!.order.id) }, { token: carol.token });
    expect(keys(byNumber)).toContain(placed[0]!.order.referenceKey);
    const productName = page1.data!.me.orders.edges[0]!.node.lines[0]!.productName;
    const byProduct = await t.gql<List>(LIST, { search: productName.slice(-8) }, { token: carol.token });
    expect(keys(byProduct)).toEqual([newest[0]]);
    const wildcard = await t.gql<List>(LIST, { search: '%' }, { token: carol.token });
    expect(keys(wildcard)).toEqual([]);

    const badCursor = await t.gql<List>(LIST, { first: 2, after: 'bm90LWEtY3Vyc29y' }, { token: carol.token });
    expect(badCursor.errors?.[0]?.message).toBe('Invalid cursor');
  });

  it("another customer's orders never appear in my list or search", async () => {
    const dave = await createCustomer(t);
    const { order } = await placeOrder(bob);
    const r = await t.gql<{ me: { orders: { totalCount: number } } }>(
      `query($s: String) { me { orders(first: 10, search: $s) { totalCount } } }`,
      { s: order.referenceKey },
      { token: dave.token },
    );
    expect(r.data!.me.orders.totalCount).toBe(0);
  });
});

describe('a line keeps its brand', () => {
  it('stores the brand at placement: the order and its email read it brand first, also after the product left the catalogue', async () => {
    const gina = await createCustomer(t);
    const { gid, order, variantId } = await placeOrder(gina);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(line!.brandName).toBe('Suki');
    const mail = (await listEmails(t.db, { to: gina.user.email })).find((m) => m.template === 'order_confirmation');
    expect(mail?.text).toContain(`Suki ${line!.productName} (`);

    // The product leaves the catalogue: the line still names its brand.
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, variantId));
    await t.db.delete(checkoutLines).where(eq(checkoutLines.variantId, variantId));
    await t.db.delete(productVariants).where(eq(productVariants.id, variantId));
    await t.db.delete(products).where(eq(products.id, variant!.productId));
    const read = await t.gql<{ order: { lines: { productName: string; brandName: string | null }[] } }>(
      `query($id: ID!) { order(id: $id) { lines { productName brandName } } }`,
      { id: gid },
      { token: gina.token },
    );
    expect(read.errors).toBeUndefined();
    expect(read.data!.order.lines).toEqual([{ productName: line!.productName, brandName: 'Suki' }]);
  });
});

describe('a line of a product staff removed', () => {
  const LINES = `query($id: ID!) { order(id: $id) { lines {
    productName brandName variantName quantity unitPrice { gross { amount } } product { name } variant { name }
  } } }`;
  type Line = { productName: string; brandName: string | null; product: { name: string } | null; variant: { name: string } | null };

  it('still reads, with what the line kept, and null (no error) for the product and variant that are gone', async () => {
    const hana = await createCustomer(t);
    const { gid, variantId } = await placeOrder(hana);
    const before = await t.gql<{ order: { lines: Line[] } }>(LINES, { id: gid }, { token: hana.token });
    expect(before.errors).toBeUndefined();
    const [line] = before.data!.order.lines;
    expect(line!.product?.name).toBe(line!.productName);
    expect(line!.variant).not.toBeNull();

    // Staff delete the product through the back office's service (its variants go with it).
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, variantId));
    const superuser = t.serviceContext({ ...staff.user, isStaff: true, isSuperuser: true });
    await t.db.delete(checkoutLines).where(eq(checkoutLines.variantId, variantId));
    await deleteProduct(superuser, variant!.productId);

    const after = await t.gql<{ order: { lines: Line[] } }>(LINES, { id: gid }, { token: hana.token });
    expect(after.errors).toBeUndefined();
    expect(after.data!.order.lines).toEqual([
      {
        productName: line!.productName,
        brandName: 'Suki',
        variantName: expect.any(String),
        quantity: 1,
        unitPrice: { gross: { amount: 1_000 } },
        product: null,
        variant: null,
      },
    ]);
  });
});

describe('refunded', () => {
  it('the customer reads what was given back: 0, then each completed refund added up', async () => {
    const ivy = await createCustomer(t);
    const { gid, order } = await placeOrder(ivy);
    const REFUNDED = `query($id: ID!) { order(id: $id) { refunded { amount } } }`;
    const read = async () => (await t.gql<{ order: { refunded: { amount: number } } }>(REFUNDED, { id: gid }, { token: ivy.token })).data!.order.refunded.amount;
    expect(await read()).toBe(0);
    const superuser = t.serviceContext({ ...staff.user, isStaff: true, isSuperuser: true });
    await markOrderAsPaid(superuser, order.id);
    await refundOrder(superuser, order.id, { amount: 250_50, reason: 'One item arrived damaged', reference: 'BDO-123' });
    expect(await read()).toBe(250.5);
    await refundOrder(superuser, order.id, { reason: 'Order returned', reference: 'BDO-124' });
    expect(await read()).toBe(1_000);
  });
});

describe('unread orders', () => {
  it('a placed or changed order is unread until readOrders; others\' ids are ignored', async () => {
    const erin = await createCustomer(t);
    const COUNT = `{ me { unreadOrdersCount } }`;
    const READ = `mutation($ids: [ID!]!) { readOrders(orders: $ids) { unreadOrdersCount errors { message } } }`;
    const count = async () => (await t.gql<{ me: { unreadOrdersCount: number } }>(COUNT, {}, { token: erin.token })).data!.me.unreadOrdersCount;
    const a = await placeOrder(erin);
    const b = await placeOrder(erin);
    expect(await count()).toBe(2);

    const bobs = await placeOrder(bob);
    const read = await t.gql<{ readOrders: { unreadOrdersCount: number } }>(READ, { ids: [a.gid, bobs.gid, 'garbage'] }, { token: erin.token });
    expect(read.data!.readOrders.unreadOrdersCount).toBe(1);
    const [bobsRow] = await t.db.select().from(orders).where(eq(orders.id, bobs.order.id));
    expect(bobsRow!.isRead).toBe(false);

    await t.gql(READ, { ids: [b.gid] }, { token: erin.token });
    expect(await count()).toBe(0);
    // A status change marks it unread again.
    await t.gql(CANCEL, { id: a.gid, reason: 'CHANGE_PAYMENT_METHOD' }, { token: erin.token });
    expect(await count()).toBe(1);

    const visitor = await t.gql(READ, { ids: [a.gid] });
    expect(visitor.errors?.length).toBeGreaterThan(0);
  });
});

describe('requestOrderCancel', () => {
  type Cancel = {
    requestOrderCancel: {
      order: { status: string; statusLogs: { status: string; note: string | null }[] } | null;
      errors: { field: string | null; message: string }[];
      orderErrors: { message: string }[];
    };
  };

  it('checks the reason and the note', async () => {
    const { gid, order } = await placeOrder(alice);
    const cancel = (vars: Record<string, unknown>) => t.gql<Cancel>(CANCEL, { id: gid, ...vars }, { token: alice.token });
    expect((await cancel({})).data!.requestOrderCancel.errors[0]!.message).toBe('Please set a reason');
    expect((await cancel({ reason: 'OTHERS', note: '  ' })).data!.requestOrderCancel.errors[0]).toMatchObject({ field: 'note' });
    // The API refuses a longer note before any resolver runs (input limits); the service checks it too.
    expect((await cancel({ reason: 'OTHERS', note: 'x'.repeat(501) })).errors?.length).toBeGreaterThan(0);
    await expect(requestOrderCancel(alice.ctx, { orderId: order.id, reason: 'OTHERS', note: 'x'.repeat(501) })).rejects.toThrow(
      'The note must be at most 500 characters.',
    );
    expect((await cancel({ reason: 'OTHERS', note: 'x'.repeat(500) })).data!.requestOrderCancel.errors).toEqual([]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('PENDING_FOR_CANCELLATION');
  });

  it('moves an UNFULFILLED order to PENDING_FOR_CANCELLATION with a log entry and an email', async () => {
    const { gid, order } = await placeOrder(alice);
    const r = await t.gql<Cancel>(CANCEL, { id: gid, reason: 'OTHERS', note: 'Found it cheaper elsewhere' }, { token: alice.token });
    expect(r.data!.requestOrderCancel.errors).toEqual([]);
    expect(r.data!.requestOrderCancel.order!.status).toBe('PENDING_FOR_CANCELLATION');
    expect(r.data!.requestOrderCancel.order!.statusLogs.map((l) => l.status)).toEqual(['UNFULFILLED', 'PENDING_FOR_CANCELLATION']);
    expect(r.data!.requestOrderCancel.order!.statusLogs[1]!.note).toBe('Others: Found it cheaper elsewhere');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ cancelReason: 'OTHERS', cancelNote: 'Found it cheaper elsewhere', isRead: false });
    const mail = (await listEmails(t.db, { to: alice.user.email })).find((m) => m.template === 'order_status');
    expect(mail?.subject).toContain('Pending for Cancellation');
    expect(mail?.html).toContain(`/account/order-details/${order.id}`);
    expect(mail?.text).toContain('Pending for Cancellation');

    const again = await t.gql<Cancel>(CANCEL, { id: gid, reason: 'CHANGE_PAYMENT_METHOD' }, { token: alice.token });
    expect(again.data!.requestOrderCancel.errors[0]!.message).toBe('The order cannot be cancelled anymore.');
  });

  it("refuses a confirmed order with the rulebook's message", async () => {
    const { gid, order } = await placeOrder(alice);
    await applyOrderEvent(staff.ctx, order.id, 'confirm', 'staff');
    const r = await t.gql<Cancel>(CANCEL, { id: gid, reason: 'CHANGE_DELIVERY_ADDRESS' }, { token: alice.token });
    expect(r.data!.requestOrderCancel.errors[0]!.message).toBe('The order cannot be cancelled anymore.');
    expect(r.data!.requestOrderCancel.orderErrors[0]!.message).toBe('The order cannot be cancelled anymore.');
  });

  it("a customer cannot cancel another's order", async () => {
    const { gid, order } = await placeOrder(alice);
    const r = await t.gql<Cancel>(CANCEL, { id: gid, reason: 'CHANGE_PAYMENT_METHOD' }, { token: bob.token });
    expect(r.data!.requestOrderCancel.errors[0]!.message).toBe('Order not found.');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('UNFULFILLED');
  });
});

describe('applyOrderEvent (staff transitions use it too)', () => {
  it('deny cancel goes back to the status before; reject returns the stock', async () => {
    const { order, variantId } = await placeOrder(alice, { quantity: 2, stock: 5 });
    await t.gql(CANCEL, { id: encodeGlobalID('Order', order.id), reason: 'CHANGE_PAYMENT_METHOD' }, { token: alice.token });
    const denied = await applyOrderEvent(staff.ctx, order.id, 'denyCancel', 'staff', { note: 'Already packed' });
    expect(denied.status).toBe('UNFULFILLED');
    const stock = async () => (await t.db.select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.stockQuantity;
    expect(await stock()).toBe(3);
    await applyOrderEvent(staff.ctx, order.id, 'reject', 'staff');
    expect(await stock()).toBe(5);
    await expect(applyOrderEvent(staff.ctx, order.id, 'fulfil', 'staff')).rejects.toThrow(/cannot fulfil/);
    await expect(applyOrderEvent(alice.ctx, order.id, 'confirm', 'staff')).rejects.toThrow('Order not found.');
  });

  it('concurrent moves are serialised by the row lock: one cancel request, stock returned once', async () => {
    const { order, variantId, gid } = await placeOrder(alice, { quantity: 3, stock: 3 });
    const results = await Promise.all(
      [0, 1].map(() => t.gql<{ requestOrderCancel: { errors: { message: string }[] } }>(CANCEL, { id: gid, reason: 'CHANGE_PAYMENT_METHOD' }, { token: alice.token })),
    );
    expect(results.map((r) => r.data!.requestOrderCancel.errors.length).sort()).toEqual([0, 1]);
    const rejects = await Promise.allSettled([0, 1].map(() => applyOrderEvent(staff.ctx, order.id, 'approveCancel', 'staff')));
    expect(rejects.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [variant] = await t.db.select().from(productVariants).where(eq(productVariants.id, variantId));
    expect(variant!.stockQuantity).toBe(3);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('CANCELED');
  });
});

async function fulfilled(customer: Customer, options: { stock?: number } = {}) {
  const placed = await placeOrder(customer, options);
  await applyOrderEvent(staff.ctx, placed.order.id, 'confirm', 'staff');
  await applyOrderEvent(staff.ctx, placed.order.id, 'fulfil', 'staff', { changes: { trackingNumber: 'LBC-1' } });
  return placed;
}

describe('reOrder', () => {
  const REORDER = `mutation($id: ID!) { reOrder(order: $id) { checkoutId errors { field message } orderErrors { message } } }`;
  type ReOrder = { reOrder: { checkoutId: string | null; errors: { field: string; message: string }[] } };

  it('only FULFILLED orders; the available lines go into the cart, unavailable ones are reported', async () => {
    const frank = await createCustomer(t);
    const open = await placeOrder(frank);
    const refused = await t.gql<ReOrder>(REORDER, { id: open.gid }, { token: frank.token });
    expect(refused.data!.reOrder).toMatchObject({ checkoutId: null, errors: [{ message: 'Unable to re-order' }] });

    const done = await fulfilled(frank);
    const r = await t.gql<ReOrder>(REORDER, { id: done.gid }, { token: frank.token });
    expect(r.data!.reOrder.errors).toEqual([]);
    expect(r.data!.reOrder.checkoutId).toBeTruthy();
    const [cart] = await t.db.select().from(checkouts).where(eq(checkouts.userId, frank.user.id));
    const lines = await t.db.select().from(checkoutLines).where(eq(checkoutLines.checkoutId, cart!.id));
    expect(lines.map((l) => [l.variantId, l.quantity])).toEqual([[done.variantId, 1]]);

    await t.db.update(productVariants).set({ stockQuantity: 0 }).where(eq(productVariants.id, done.variantId));
    const gone = await t.gql<ReOrder>(REORDER, { id: done.gid }, { token: frank.token });
    expect(gone.data!.reOrder.checkoutId).toBeNull();
    expect(gone.data!.reOrder.errors.map((e) => e.message)).toEqual([
      'Unable to re-order',
      expect.stringMatching(/is no longer available\.$/),
    ]);
  });

  it("a customer cannot re-order another's order", async () => {
    const done = await fulfilled(alice);
    const r = await t.gql<ReOrder>(REORDER, { id: done.gid }, { token: bob.token });
    expect(r.data!.reOrder).toMatchObject({ checkoutId: null, errors: [{ message: 'Unable to re-order' }] });
  });
});

describe('resubmitReceipt', () => {
  const RESEND = `mutation($id: ID!) { resubmitReceipt(orderId: $id) { errors { message } paymentErrors { code message } } }`;
  type Resend = { resubmitReceipt: { errors: { message: string }[]; paymentErrors: { code: string; message: string }[] } };

  it('emails the receipt of a FULFILLED order (HTML and text), to its owner only', async () => {
    const gina = await createCustomer(t);
    const open = await placeOrder(gina);
    const refused = await t.gql<Resend>(RESEND, { id: open.gid }, { token: gina.token });
    expect(refused.data!.resubmitReceipt.paymentErrors[0]).toMatchObject({ message: 'Unable to resend receipt', code: 'INVALID' });

    const done = await fulfilled(gina);
    const r = await t.gql<Resend>(RESEND, { id: done.gid }, { token: gina.token });
    expect(r.data!.resubmitReceipt.errors).toEqual([]);
    const receipt = (await listEmails(t.db, { to: gina.user.email })).find((m) => m.template === 'order_receipt');
    expect(receipt?.html).toContain(done.order.referenceKey);
    expect(receipt?.text).toContain(`Order#: ${done.order.referenceKey}`);
    expect(receipt?.text).toContain('Total: ₱1,');

    const other = await t.gql<Resend>(RESEND, { id: done.gid }, { token: bob.token });
    expect(other.data!.resubmitReceipt.paymentErrors[0]).toMatchObject({ code: 'NOT_FOUND' });
  });
});

/** The numeric id of an Order global id. */
const numericId = (gid: string) => Number(Buffer.from(gid, 'base64').toString('utf8').split(':')[1]);

describe('proofOfBillingUpload', () => {
  const UPLOAD = `mutation($id: ID!, $input: ProofOfBillingInput!) {
    proofOfBillingUpload(id: $id, input: $input) { order { proofOfBilling { url alt } paymentStatusDisplay } errors { field message } }
  }`;
  type Upload = {
    proofOfBillingUpload: {
      order: { proofOfBilling: { url: string; alt: string } | null; paymentStatusDisplay: string } | null;
      errors: { field: string | null; message: string }[];
    };
  };
  let png: string;
  beforeAll(async () => {
    // Noise, so the PNG is far longer than the API's default string bound (a real photo is MBs).
    const noise = randomBytes(200 * 150 * 3);
    const bytes = await sharp(noise, { raw: { width: 200, height: 150, channels: 3 } }).png().toBuffer();
    expect(bytes.length).toBeGreaterThan(10_000);
    png = `data:image/png;base64,${bytes.toString('base64')}`;
  });

  it('stores an image for the owner of a Bank Deposit order', async () => {
    const { gid, order } = await placeOrder(alice);
    const r = await t.gql<Upload>(UPLOAD, { id: gid, input: { alt: 'BDO slip', image: png } }, { token: alice.token });
    expect(r.data!.proofOfBillingUpload.errors).toEqual([]);
    const proof = r.data!.proofOfBillingUpload.order!.proofOfBilling!;
    expect(proof.alt).toBe('BDO slip');
    expect(proof.url).toMatch(new RegExp(`^/proofs/${order.id}-[0-9a-f]{32}\\.webp$`));
    expect(existsSync(path.join(t.config.dataDir, 'media', proof.url.slice(1)))).toBe(true);
  });

  it('refuses non-images, oversized files, other customers and other gateways', async () => {
    const { gid } = await placeOrder(alice);
    const upload = (token: string, image: string, id = gid) =>
      t.gql<Upload>(UPLOAD, { id, input: { image } }, { token }).then((r) => r.data!.proofOfBillingUpload.errors[0]?.message);
    expect(await upload(alice.token, '')).toBe('Please upload image');
    expect(await upload(alice.token, `data:text/plain;base64,${Buffer.from('hello').toString('base64')}`)).toBe('Please upload an image file.');
    expect(await upload(alice.token, `data:image/png;base64,${Buffer.from('not really a png').toString('base64')}`)).toBe(
      'Please upload an image file.',
    );
    await expect(
      uploadProofOfBilling(alice.ctx, { orderId: numericId(gid), image: `data:image/png;base64,${'A'.repeat(6_700_000)}` }),
    ).rejects.toThrow('This photo is larger than 5 MB. Please choose a smaller photo of your deposit slip.');
    expect(await upload(bob.token, png)).toBe('Order not found.');
    const cod = await placeOrder(alice, { gateway: 'Cash on Delivery', delivery: true });
    expect(await upload(alice.token, png, cod.gid)).toBe('A proof of billing cannot be uploaded for this order.');
  });
});

describe('order placed email', () => {
  it('for Bank Deposit carries the bank account and what to do next', async () => {
    const hank = await createCustomer(t);
    const { order } = await placeOrder(hank);
    const mail = (await listEmails(t.db, { to: hank.user.email })).find((m) => m.template === 'order_confirmation')!;
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(BANK_DEPOSIT_ACCOUNT.accountNumber);
      expect(body).toContain(BANK_DEPOSIT_ACCOUNT.accountName);
      expect(body).toContain(order.referenceKey);
      expect(body).toContain('Upload Deposit Slip');
    }
    expect(mail.text).toContain('Your order has been placed! Please wait for your order to be confirmed.');
  });
});
