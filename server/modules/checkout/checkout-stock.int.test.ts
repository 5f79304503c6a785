// A cart line never holds more than can be bought. Asking for more (add to cart,
// Update Cart, checkoutCreate) sets the line to the stock left and says so; an unavailable
// variant is still refused with the rulebook's 'Out of stock.'.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants } from '../catalogue/catalogue.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createCustomer, createVariant, type Customer } from './checkout.fixtures';

const PAYLOAD = `checkout { id quantity lines { quantity variant { id } } } errors { field message } adjustments { variantId requested quantity message }`;
const CREATE = `mutation($lines: [CheckoutLineInput!]!) { checkoutCreate(input: { lines: $lines }) { ${PAYLOAD} } }`;
const LINES = `mutation($id: ID!, $lines: [CheckoutLineInput!]!, $replace: Boolean) { checkoutLinesUpdate(checkoutId: $id, lines: $lines, replace: $replace) { ${PAYLOAD} } }`;

type Payload = {
  checkout: { id: string; quantity: number; lines: { quantity: number; variant: { id: string } }[] } | null;
  errors: { field: string | null; message: string }[];
  adjustments: { variantId: string; requested: number; quantity: number; message: string }[];
};

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(() => api.close());

const vid = (id: number) => encodeGlobalID('ProductVariant', id);

async function call(customer: Customer, query: string, variables: Record<string, unknown>): Promise<Payload> {
  const response = await api.gql<Record<string, Payload>>(query, variables, { token: customer.token });
  expect(response.errors).toBeUndefined();
  return Object.values(response.data!)[0]!;
}

describe('cart quantities and the stock left', () => {
  it('sets a new line asking for more than is left to what can be bought, and says so', async () => {
    const customer = await createCustomer(api);
    const scarce = await createVariant(api.db, { price: 100_00, stock: 2 });
    const result = await call(customer, CREATE, { lines: [{ variantId: vid(scarce), quantity: 3 }] });
    expect(result.errors).toEqual([]);
    expect(result.checkout!.lines.map((l) => l.quantity)).toEqual([2]);
    expect(result.adjustments).toEqual([{ variantId: vid(scarce), requested: 3, quantity: 2, message: 'Only 2 left: all 2 are in your cart.' }]);
  });

  it('counts what the cart already holds when adding, and leaves lines within the stock alone', async () => {
    const customer = await createCustomer(api);
    const scarce = await createVariant(api.db, { price: 100_00, stock: 3 });
    const plenty = await createVariant(api.db, { price: 50_00, stock: 100 });
    const first = await call(customer, CREATE, { lines: [{ variantId: vid(scarce), quantity: 2 }] });
    expect(first.adjustments).toEqual([]);
    const more = await call(customer, LINES, {
      id: first.checkout!.id,
      lines: [
        { variantId: vid(scarce), quantity: 2 },
        { variantId: vid(plenty), quantity: 4 },
      ],
    });
    expect(more.errors).toEqual([]);
    expect(more.checkout!.lines.map((l) => [l.variant.id, l.quantity])).toEqual([
      [vid(scarce), 3],
      [vid(plenty), 4],
    ]);
    expect(more.adjustments).toEqual([{ variantId: vid(scarce), requested: 4, quantity: 3, message: 'Only 3 left: all 3 are in your cart.' }]);
  });

  it('sets an Update Cart quantity above the stock (replace) to the stock left', async () => {
    const customer = await createCustomer(api);
    const scarce = await createVariant(api.db, { price: 100_00, stock: 5 });
    const first = await call(customer, CREATE, { lines: [{ variantId: vid(scarce), quantity: 1 }] });
    // Someone else bought all but one since the cart page was opened.
    await api.db.update(productVariants).set({ stockQuantity: 1 }).where(eq(productVariants.id, scarce));
    const result = await call(customer, LINES, { id: first.checkout!.id, replace: true, lines: [{ variantId: vid(scarce), quantity: 4 }] });
    expect(result.errors).toEqual([]);
    expect(result.checkout!.quantity).toBe(1);
    expect(result.adjustments.map((a) => a.message)).toEqual(['Only 1 left: it is in your cart.']);
  });

  it("refuses an unavailable or sold-out variant with the rulebook's 'Out of stock.' and keeps the cart", async () => {
    const customer = await createCustomer(api);
    const kept = await createVariant(api.db, { price: 100_00, stock: 5 });
    const soldOut = await createVariant(api.db, { price: 100_00, stock: 0 });
    const first = await call(customer, CREATE, { lines: [{ variantId: vid(kept), quantity: 2 }] });
    const refused = await call(customer, LINES, { id: first.checkout!.id, lines: [{ variantId: vid(soldOut), quantity: 1 }] });
    expect(refused.errors).toEqual([{ field: 'quantity', message: 'Out of stock.' }]);
    expect(refused.checkout).toBeNull();
    const fresh = await call(customer, CREATE, { lines: [{ variantId: vid(soldOut), quantity: 1 }] });
    expect(fresh.errors).toEqual([{ field: 'quantity', message: 'Out of stock.' }]);
    const me = await api.gql<{ me: { checkout: { quantity: number } } }>('{ me { checkout { quantity } } }', {}, { token: customer.token });
    expect(me.data!.me.checkout.quantity).toBe(2);
  });
});
