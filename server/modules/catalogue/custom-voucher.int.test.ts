// createCustomVoucher: the amount rules and messages (docs/product/catalogue.md#custom-vouchers), sign-in, reuse of one variant
// per amount, and that custom amounts stay out of the product's picker and price range.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_MESSAGES } from '../../../common/checkout/checkout-messages';
import { PUBLIC_STOCK_CAP } from '../../../common/catalogue/stock';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { createTestProduct } from './catalogue.fixtures';
import { getVariantSnapshots, VOUCHER_NOT_FOUND } from './catalogue.service';

const CREATE = /* GraphQL */ `
  mutation ($amount: String!, $products: [ID!]!) {
    createCustomVoucher(amount: $amount, products: $products) {
      voucher {
        id name sku stockQuantity isAvailable
        images { url }
        pricing { price { gross { amount } } }
      }
      errors { field message }
    }
  }
`;

type Voucher = {
  id: string;
  name: string;
  sku: string;
  stockQuantity: number;
  isAvailable: boolean;
  images: { url: string }[];
  pricing: { price: { gross: { amount: number } } };
};
type Result = { createCustomVoucher: { voucher: Voucher | null; errors: { field: string | null; message: string }[] } };

let api: TestApi;
let customer: Customer;
let other: Customer;
let voucherProductId: string;
let phoneProductId: string;

beforeAll(async () => {
  api = await createTestApi();
  customer = await createCustomer(api);
  other = await createCustomer(api);
  const voucher = await createTestProduct(api.db, {
    name: 'Gift Voucher',
    typeSlug: 'voucher',
    basePrice: 500_00,
    variants: [{ addedPrice: 0, stockQuantity: 9999 }, { addedPrice: 500_00, stockQuantity: 9999 }],
  });
  voucherProductId = encodeGlobalID('Product', voucher.product.id);
  const phone = await createTestProduct(api.db, { basePrice: 20_000_00, variants: [{}] });
  phoneProductId = encodeGlobalID('Product', phone.product.id);
});
afterAll(() => api.close());

async function create(amount: string, options: { token?: string; products?: string[] } = {}) {
  const r = await api.gql<Result>(CREATE, { amount, products: options.products ?? [voucherProductId] }, { token: options.token });
  expect(r.errors).toBeUndefined();
  return r.data!.createCustomVoucher;
}

describe('createCustomVoucher', () => {
  it('is for signed-in customers only', async () => {
    const r = await create('1500');
    expect(r.voucher).toBeNull();
    expect(r.errors).toEqual([{ field: null, message: CART_MESSAGES.loginRequired }]);
  });

  it('refuses amounts outside whole pesos 100 to 10,000 with the rulebook\'s messages', async () => {
    const tooLow = { field: 'amount', message: 'Please enter an amount greater than PHP100' };
    const invalid = { field: 'amount', message: 'Please enter a valid amount.' };
    const cases: [string, typeof tooLow][] = [
      ['99', tooLow],
      ['0', tooLow],
      ['10001', invalid],
      ['99999999999999999999', invalid],
      ['12a', invalid],
      ['1.5', invalid],
      ['-500', invalid],
      ['', invalid],
    ];
    for (const [amount, error] of cases) {
      const r = await create(amount, { token: customer.token });
      expect(r, amount).toEqual({ voucher: null, errors: [error] });
    }
  });

  it('creates a variant of the voucher product priced at the amount', async () => {
    const r = await create('1500', { token: customer.token });
    expect(r.errors).toEqual([]);
    expect(r.voucher).toMatchObject({
      name: '₱1,500',
      // Shoppers' answers report stock up to the cap (ADR 035): "6 or more" of 9,999.
      stockQuantity: PUBLIC_STOCK_CAP,
      isAvailable: true,
      pricing: { price: { gross: { amount: 1500 } } },
    });
    expect(r.voucher!.sku).toMatch(/^VOUCHER-\d+-1500$/);
    // Checkout prices it at the amount and knows it is a voucher.
    const variantId = Number(Buffer.from(r.voucher!.id, 'base64').toString().split(':')[1]);
    const snapshot = (await getVariantSnapshots(api.serviceContext(customer.user), [variantId])).get(variantId)!;
    expect(snapshot).toMatchObject({ unitPrice: 1500_00, isVoucher: true, isAvailable: true });
  });

  it('accepts both ends of the range, the lower one below the product\'s base price', async () => {
    const low = await create('100', { token: customer.token });
    const high = await create('10000', { token: customer.token });
    expect(low.voucher!.pricing.price.gross.amount).toBe(100);
    expect(high.voucher!.pricing.price.gross.amount).toBe(10000);
  });

  it('reuses the variant for the same amount, whoever asks', async () => {
    const first = await create('2500', { token: customer.token });
    const again = await create('2500', { token: customer.token });
    const byOther = await create('2500', { token: other.token });
    const racing = await Promise.all([1, 2, 3, 4].map(() => create('2750', { token: other.token })));
    expect(again.voucher!.id).toBe(first.voucher!.id);
    expect(byOther.voucher!.id).toBe(first.voucher!.id);
    expect(new Set(racing.map((r) => r.voucher!.id)).size).toBe(1);
    expect((await create('2600', { token: customer.token })).voucher!.id).not.toBe(first.voucher!.id);
  });

  it('keeps custom amounts out of the variant picker and price range', async () => {
    await create('7777', { token: customer.token });
    const r = await api.gql<{
      product: { variants: { name: string }[]; pricing: { priceRange: { start: { gross: { amount: number } }; stop: { gross: { amount: number } } } } };
    }>(`query ($id: ID!) { product(id: $id) { variants { name } pricing { priceRange { start { gross { amount } } stop { gross { amount } } } } } }`, {
      id: voucherProductId,
    });
    expect(r.data!.product.variants).toHaveLength(2);
    expect(r.data!.product.pricing.priceRange).toEqual({ start: { gross: { amount: 500 } }, stop: { gross: { amount: 1000 } } });
  });

  it('refuses products that are not one voucher product', async () => {
    const notFound = { voucher: null, errors: [{ field: 'products', message: VOUCHER_NOT_FOUND }] };
    expect(await create('1500', { token: customer.token, products: [phoneProductId] })).toEqual(notFound);
    expect(await create('1500', { token: customer.token, products: [] })).toEqual(notFound);
    expect(await create('1500', { token: customer.token, products: [voucherProductId, voucherProductId] })).toEqual(notFound);
    expect(await create('1500', { token: customer.token, products: ['nonsense'] })).toEqual(notFound);
  });
});
