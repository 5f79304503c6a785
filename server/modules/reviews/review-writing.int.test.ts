// Writing reviews through the API on a real database: only for products on the customer's own
// FULFILLED orders, rating 1 to 5, one review per customer and product, updates of one's own
// review only, and the product's rating and review count after each change.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES, REVIEW_NOTE_MAX } from '../../../common/reviews/review';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { productVariants } from '../catalogue/catalogue.tables';
import { createCustomer, createVariant, readyCheckout, seedZones, type Customer } from '../checkout/checkout.fixtures';
import { completeCheckout } from '../checkout/place-order.service';
import { applyOrderEvent } from '../orders/order-transitions.service';
import { reviews } from './reviews.tables';

let t: TestApi;
let staff: Customer;
beforeAll(async () => {
  t = await createTestApi();
  await seedZones(t.db);
  const s = await createCustomer(t);
  staff = { ...s, ctx: t.serviceContext({ ...s.user, isStaff: true }) };
});
afterAll(async () => {
  await t?.close();
});

type Bought = { productId: number; productGid: string; orderId: number };

/** A new product bought by the customer, its order left UNFULFILLED. */
async function buy(customer: Customer, variantId?: number): Promise<Bought> {
  const variant = variantId ?? (await createVariant(t.db, { price: 500_00, stock: 10 }));
  const checkoutId = await readyCheckout(customer, [{ variantId: variant, quantity: 1 }]);
  const { order } = await completeCheckout(customer.ctx, checkoutId);
  const [row] = await t.db.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, variant));
  return { productId: row!.productId, productGid: encodeGlobalID('Product', row!.productId), orderId: order.id };
}

/** Moves the order to FULFILLED through the one state machine, as staff do. */
async function fulfil(orderId: number) {
  await applyOrderEvent(staff.ctx, orderId, 'confirm', 'staff');
  await applyOrderEvent(staff.ctx, orderId, 'fulfil', 'staff', { changes: { trackingNumber: 'LBC-1' } });
}

async function received(customer: Customer, variantId?: number): Promise<Bought> {
  const bought = await buy(customer, variantId);
  await fulfil(bought.orderId);
  return bought;
}

type Errors = { field: string | null; message: string }[];
type AddResult = { addReview: { review: { id: string; rating: number; note: string } | null; errors: Errors; productErrors: Errors } | null };
type UpdateResult = { updateReview: { review: { id: string; rating: number; note: string } | null; errors: Errors; productErrors: Errors } | null };

const ADD = `mutation($productId: ID!, $rating: Float!, $note: String) {
  addReview(productId: $productId, rating: $rating, note: $note) { review { id rating note } errors { field message } productErrors { field message } }
}`;
const UPDATE = `mutation($id: ID, $reviewId: ID, $rating: Float!, $note: String) {
  updateReview(id: $id, reviewId: $reviewId, rating: $rating, note: $note) { review { id rating note } errors { field message } productErrors { field message } }
}`;
const PRODUCT = `query($id: ID!) { product(id: $id) {
  totalRating reviewCount
  reviews(first: 10) { totalCount edges { node { rating note user { firstName } } } }
} }`;
type ProductResult = {
  product: {
    totalRating: number;
    reviewCount: number;
    reviews: { totalCount: number; edges: { node: { rating: number; note: string } }[] };
  };
};

const add = (customer: Customer | null, productId: string, rating: number, note?: string | null) =>
  t.gql<AddResult>(ADD, { productId, rating, note }, customer ? { token: customer.token } : {});
const update = (customer: Customer, vars: { id?: string; reviewId?: string; rating: number; note?: string | null }) =>
  t.gql<UpdateResult>(UPDATE, vars, { token: customer.token });
const product = async (gid: string, customer?: Customer) => {
  const r = await t.gql<ProductResult>(PRODUCT, { id: gid }, customer ? { token: customer.token } : {});
  expect(r.errors).toBeUndefined();
  return r.data!.product;
};
/** The review the order screens show on the customer's line of the order. */
const lineReview = async (customer: Customer, orderId: number) => {
  const r = await t.gql<{ order: { lines: { viewerReview: { id: string; rating: number; note: string } | null }[] } }>(
    `query($id: ID!) { order(id: $id) { lines { viewerReview { id rating note } } } }`,
    { id: encodeGlobalID('Order', orderId) },
    { token: customer.token },
  );
  expect(r.errors).toBeUndefined();
  return r.data!.order.lines[0]!.viewerReview;
};
const isReviewed = async (customer: Customer | null, productId: string) => {
  const r = await t.gql<{ isReviewed: boolean }>(`query($p: ID!) { isReviewed(productId: $p) }`, { p: productId }, customer ? { token: customer.token } : {});
  expect(r.errors).toBeUndefined();
  return r.data!.isReviewed;
};

describe('who may review', () => {
  it('a product on the customer\'s own FULFILLED order', async () => {
    const ana = await createCustomer(t);
    const { productGid, orderId } = await received(ana);
    expect(await isReviewed(ana, productGid)).toBe(false);
    expect(await lineReview(ana, orderId)).toBeNull();
    const r = await add(ana, productGid, 4.5, '  Legit and sealed!  ');
    expect(r.errors).toBeUndefined();
    expect(r.data!.addReview).toMatchObject({ review: { rating: 4.5, note: 'Legit and sealed!' }, errors: [], productErrors: [] });
    expect(await isReviewed(ana, productGid)).toBe(true);
    expect(await lineReview(ana, orderId)).toEqual(r.data!.addReview!.review);
    const seen = await product(productGid, ana);
    expect(seen.reviews.edges.map((e) => e.node)).toEqual([{ rating: 4.5, note: 'Legit and sealed!', user: { firstName: 'Juan' } }]);
  });

  it('not while the order is UNFULFILLED, confirmed, or after it was cancelled', async () => {
    const ben = await createCustomer(t);
    const open = await buy(ben);
    const refused = await add(ben, open.productGid, 5);
    expect(refused.data!.addReview).toMatchObject({
      review: null,
      errors: [{ field: 'productId', message: REVIEW_MESSAGES.failed }],
      productErrors: [{ field: 'productId', message: REVIEW_MESSAGES.failed }],
    });
    await applyOrderEvent(staff.ctx, open.orderId, 'confirm', 'staff');
    expect((await add(ben, open.productGid, 5)).data!.addReview!.errors[0]!.message).toBe(REVIEW_MESSAGES.failed);

    const cancelled = await buy(ben);
    await applyOrderEvent(ben.ctx, cancelled.orderId, 'requestOrderCancel', 'customer');
    await applyOrderEvent(staff.ctx, cancelled.orderId, 'approveCancel', 'staff');
    expect((await add(ben, cancelled.productGid, 5)).data!.addReview!.errors[0]!.message).toBe(REVIEW_MESSAGES.failed);
    expect(await t.db.select().from(reviews).where(eq(reviews.userId, ben.user.id))).toEqual([]);
  });

  it('not a product only another customer received', async () => {
    const cara = await createCustomer(t);
    const dan = await createCustomer(t);
    const { productGid } = await received(cara);
    const r = await add(dan, productGid, 5, 'Never bought it');
    expect(r.data!.addReview!.errors).toEqual([{ field: 'productId', message: REVIEW_MESSAGES.failed }]);
    expect((await product(productGid)).reviewCount).toBe(0);
  });

  it('not a visitor, and not with an id that is no product', async () => {
    const eve = await createCustomer(t);
    const { productGid } = await received(eve);
    const visitor = await add(null, productGid, 5);
    expect(visitor.data?.addReview ?? null).toBeNull();
    expect(visitor.errors?.length).toBeGreaterThan(0);
    expect(await isReviewed(null, productGid)).toBe(false);
    for (const id of [encodeGlobalID('Order', 1), 'not-an-id', '99999999999']) {
      expect((await add(eve, id, 5)).data!.addReview!.errors[0]!.message).toBe(REVIEW_MESSAGES.failed);
    }
  });
});

describe('what a review holds', () => {
  it('a rating from 1 to 5 (a float), and a note up to the limit', async () => {
    const fay = await createCustomer(t);
    const { productGid } = await received(fay);
    for (const rating of [0, 0.99, -3]) {
      expect((await add(fay, productGid, rating)).data!.addReview!.errors).toEqual([{ field: 'rating', message: REVIEW_MESSAGES.ratingMin }]);
    }
    expect((await add(fay, productGid, 5.5)).data!.addReview!.errors).toEqual([{ field: 'rating', message: REVIEW_MESSAGES.ratingMax }]);
    const long = await add(fay, productGid, 3, 'x'.repeat(REVIEW_NOTE_MAX + 1));
    // The API's input limits refuse the oversized note before the service sees it.
    expect(long.data?.addReview?.review ?? null).toBeNull();
    expect(await isReviewed(fay, productGid)).toBe(false);

    const ok = await add(fay, productGid, 1, null);
    expect(ok.data!.addReview).toMatchObject({ review: { rating: 1, note: '' }, errors: [] });
    const max = await add(fay, productGid, 5, 'y'.repeat(REVIEW_NOTE_MAX));
    expect(max.data!.addReview!.review).toMatchObject({ rating: 5 });
  });

  it('one review per customer and product: a second addReview updates the first', async () => {
    const gus = await createCustomer(t);
    const variantId = await createVariant(t.db, { price: 500_00, stock: 10 });
    const { productGid, productId } = await received(gus, variantId);
    await received(gus, variantId); // bought twice
    const first = (await add(gus, productGid, 2, 'Late')).data!.addReview!.review!;
    const second = (await add(gus, productGid, 4, 'Arrived after all')).data!.addReview!.review!;
    expect(second).toEqual({ id: first.id, rating: 4, note: 'Arrived after all' });
    const rows = await t.db.select().from(reviews).where(eq(reviews.productId, productId));
    expect(rows.map((r) => [r.rating, r.note])).toEqual([[4, 'Arrived after all']]);
  });

  it('two addReviews at once still leave one review', async () => {
    const hana = await createCustomer(t);
    const { productGid, productId } = await received(hana);
    const results = await Promise.all([add(hana, productGid, 3, 'a'), add(hana, productGid, 5, 'b')]);
    for (const r of results) expect(r.data!.addReview!.errors).toEqual([]);
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, productId))).toHaveLength(1);
  });
});

describe('updateReview', () => {
  it('changes the customer\'s own review, by id or reviewId, with the same rules', async () => {
    const ivy = await createCustomer(t);
    const { productGid, orderId } = await received(ivy);
    const review = (await add(ivy, productGid, 2, 'Meh')).data!.addReview!.review!;
    const byId = await update(ivy, { id: review.id, rating: 5, note: 'Works great now' });
    expect(byId.data!.updateReview).toMatchObject({ review: { id: review.id, rating: 5, note: 'Works great now' }, errors: [], productErrors: [] });
    const byGlobalReviewId = await update(ivy, { reviewId: encodeGlobalID('Review', Number(review.id)), rating: 4 });
    expect(byGlobalReviewId.data!.updateReview!.review).toEqual({ id: review.id, rating: 4, note: '' });
    expect((await update(ivy, { id: review.id, rating: 0.5 })).data!.updateReview!.errors).toEqual([
      { field: 'rating', message: REVIEW_MESSAGES.ratingMin },
    ]);
    expect(await lineReview(ivy, orderId)).toMatchObject({ rating: 4 });
  });

  it('another customer cannot update it, nor can an unknown id', async () => {
    const jun = await createCustomer(t);
    const kai = await createCustomer(t);
    const { productGid } = await received(jun);
    await received(kai); // kai has fulfilled orders of his own
    const review = (await add(jun, productGid, 5, 'Mine')).data!.addReview!.review!;
    const stolen = await update(kai, { id: review.id, rating: 1, note: 'Hijacked' });
    expect(stolen.data!.updateReview).toMatchObject({ review: null, errors: [{ field: 'id', message: REVIEW_MESSAGES.failed }] });
    expect((await update(kai, { id: '99999999', rating: 1 })).data!.updateReview!.errors[0]!.message).toBe(REVIEW_MESSAGES.failed);
    expect((await update(kai, { rating: 1 })).data!.updateReview!.errors[0]!.message).toBe(REVIEW_MESSAGES.failed);
    expect((await product(productGid)).reviews.edges.map((e) => e.node)).toEqual([{ rating: 5, note: 'Mine', user: { firstName: 'Juan' } }]);
  });
});

describe('the product rating and review count', () => {
  it('follow every add and update', async () => {
    const variantId = await createVariant(t.db, { price: 500_00, stock: 50 });
    const buyers = await Promise.all([createCustomer(t), createCustomer(t), createCustomer(t)]);
    let gid = '';
    for (const buyer of buyers) gid = (await received(buyer, variantId)).productGid;
    // Read as a signed-in customer: never from the visitors' answer cache.
    const seen = () => product(gid, buyers[0]);
    expect(await seen()).toMatchObject({ totalRating: 0, reviewCount: 0 });

    const ids: string[] = [];
    for (const [i, rating] of [5, 4, 2.5].entries()) {
      ids.push((await add(buyers[i]!, gid, rating)).data!.addReview!.review!.id);
    }
    expect(await seen()).toMatchObject({ reviewCount: 3, reviews: { totalCount: 3 } });
    expect((await seen()).totalRating).toBeCloseTo((5 + 4 + 2.5) / 3, 5);

    await update(buyers[2]!, { id: ids[2]!, rating: 1 });
    expect((await seen()).totalRating).toBeCloseTo((5 + 4 + 1) / 3, 5);
    await add(buyers[0]!, gid, 3); // the second addReview updates, it does not count twice
    const after = await seen();
    expect(after.reviewCount).toBe(3);
    expect(after.totalRating).toBeCloseTo((3 + 4 + 1) / 3, 5);
    // Visitors see it too once the change notification reached the answer cache.
    await expect.poll(async () => (await product(gid)).totalRating).toBeCloseTo((3 + 4 + 1) / 3, 5);
  });
});
