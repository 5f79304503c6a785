// Staff editing products and variants through the API: MANAGE_PRODUCTS only, the shared rules'
// words for bad input, one logged transaction per write, and visitors see each change on their
// next request (the response cache drops its answers on the catalogue's change notification).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { staffActions, staffPermissions } from '../system/staff-access.tables';
import { tires } from '../tires/tires.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createTestProduct } from './catalogue.fixtures';
import { productVariants, products } from './catalogue.tables';

let t: TestApi;
let productsStaff: Customer;
let ordersStaff: Customer;
let customer: Customer;
let refs: { category: string; brand: string; productType: string };

async function staffWith(api: TestApi, permission: 'MANAGE_PRODUCTS' | 'MANAGE_ORDERS'): Promise<Customer> {
  const c = await createCustomer(api);
  await api.db.update(users).set({ isStaff: true }).where(eq(users.id, c.user.id));
  await api.db.insert(staffPermissions).values({ userId: c.user.id, permission });
  return c;
}

/** Notifications arrive after commit: wait for the response cache to hear them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeAll(async () => {
  t = await createTestApi();
  productsStaff = await staffWith(t, 'MANAGE_PRODUCTS');
  ordersStaff = await staffWith(t, 'MANAGE_ORDERS');
  customer = await createCustomer(t);
  const fixture = await createTestProduct(t.db, { basePrice: 100_00, variants: [{}] });
  refs = {
    category: encodeGlobalID('Category', fixture.category.id),
    brand: encodeGlobalID('Brand', fixture.brand.id),
    productType: encodeGlobalID('ProductType', fixture.product.productTypeId),
  };
});
afterAll(async () => {
  await t?.close();
});

type Errors = { field: string | null; message: string }[];
const CREATE = `mutation($input: ProductCreateInput!) { productCreate(input: $input) { product { id name slug isPreOrder isFreeShippingFee isInstallmentReady hasInstacoverWarranty attributes { attribute { name } values { name } } tire { size loadIndex speedRating } adminInfo { basePrice { amount } isPublished } } errors { field message } } }`;
type Create = { productCreate: { product: { id: string; name: string; slug: string; tire: { size: string } | null; [k: string]: unknown } | null; errors: Errors } | null };
const UPDATE = `mutation($id: ID!, $input: ProductInput!) { productUpdate(id: $id, input: $input) { product { id name pricing { priceRange { start { gross { amount } } } } tire { size } } errors { field message } } }`;
type Update = { productUpdate: { product: { name: string; pricing: { priceRange: { start: { gross: { amount: number } } } }; tire: { size: string } | null } | null; errors: Errors } | null };
const VARIANT_CREATE = `mutation($input: ProductVariantCreateInput!) { productVariantCreate(input: $input) { productVariant { id sku stockQuantity options { color memory } pricing { priceUndiscounted { gross { amount } } } } errors { field message } } }`;
type VariantCreate = { productVariantCreate: { productVariant: { id: string; sku: string; stockQuantity: number; pricing: { priceUndiscounted: { gross: { amount: number } } } } | null; errors: Errors } | null };
const VARIANT_UPDATE = `mutation($id: ID!, $input: ProductVariantInput!) { productVariantUpdate(id: $id, input: $input) { productVariant { stockQuantity pricing { price { gross { amount } } } } errors { field message } } }`;
type VariantUpdate = { productVariantUpdate: { productVariant: { stockQuantity: number; pricing: { price: { gross: { amount: number } } } } | null; errors: Errors } | null };

const baseInput = (name: string) => ({ name, productType: refs.productType, category: refs.category, brand: refs.brand, basePrice: 1500 });

async function visitorProduct(id: string) {
  const response = await t.api.fetch('http://test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-suki-csrf': '1' },
    body: JSON.stringify({
      query: 'query($id: ID!) { product(id: $id) { name variants { isAvailable stockQuantity pricing { price { gross { amount } } } } } }',
      variables: { id },
    }),
  });
  return ((await response.json()) as { data: { product: { name: string; variants: { isAvailable: boolean; stockQuantity: number; pricing: { price: { gross: { amount: number } } } }[] } | null } }).data.product;
}

describe('productCreate / productUpdate / productDelete', () => {
  it('creates a product with flags, attributes and a tire size, and logs it', async () => {
    const result = await t.gql<Create>(
      CREATE,
      {
        input: {
          ...baseInput('Roadmaster 205/55 R16'),
          isPreOrder: true,
          isFreeShippingFee: true,
          isInstallmentReady: true,
          hasInstacoverWarranty: true,
          attributes: [{ name: 'Tread', values: ['Symmetric'] }],
          tire: { width: 205, aspectRatio: 55, rimDiameter: 16, loadIndex: 91, speedRating: 'v' },
        },
      },
      { token: productsStaff.token },
    );
    expect(result.errors).toBeUndefined();
    const product = result.data!.productCreate!.product!;
    expect(result.data!.productCreate!.errors).toEqual([]);
    expect(product).toMatchObject({
      name: 'Roadmaster 205/55 R16',
      slug: 'roadmaster-205-55-r16',
      isPreOrder: true,
      isFreeShippingFee: true,
      isInstallmentReady: true,
      hasInstacoverWarranty: true,
      attributes: [{ attribute: { name: 'Tread' }, values: [{ name: 'Symmetric' }] }],
      tire: { size: '205/55 R16', loadIndex: 91, speedRating: 'V' },
      adminInfo: { basePrice: { amount: 1500 }, isPublished: true },
    });
    // The same name again gets the next free slug.
    const again = await t.gql<Create>(CREATE, { input: baseInput('Roadmaster 205/55 R16') }, { token: productsStaff.token });
    expect(again.data!.productCreate!.product!.slug).toBe('roadmaster-205-55-r16-2');
    const logged = await t.db.select().from(staffActions).where(eq(staffActions.action, 'productCreate'));
    expect(logged.map((l) => l.actorUserId)).toEqual([productsStaff.user.id, productsStaff.user.id]);
  });

  it('refuses customers and staff without MANAGE_PRODUCTS', async () => {
    for (const who of [customer, ordersStaff]) {
      const refused = await t.gql<Create>(CREATE, { input: baseInput('Nope') }, { token: who.token });
      expect(refused.data?.productCreate ?? null).toBeNull();
      expect(refused.errors?.[0]?.message).toMatch(/not authori[sz]ed/i);
    }
    expect(await t.db.select().from(products).where(eq(products.name, 'Nope'))).toEqual([]);
  });

  it('answers bad input with the form\'s words and writes nothing', async () => {
    const bad = await t.gql<Create>(CREATE, { input: { ...baseInput('  '), basePrice: -5, tire: { width: 5, aspectRatio: 55, rimDiameter: 16 } } }, { token: productsStaff.token });
    expect(bad.data!.productCreate!.errors).toEqual([
      { field: 'name', message: 'Please enter a name.' },
      { field: 'basePrice', message: 'Price must be a number from 0 to 10,000,000.' },
      { field: 'tire.width', message: 'Tire size must be a width of 100-400 mm, an aspect ratio of 20-100 and a rim of 10-30 inches.' },
    ]);
    const unknownCategory = await t.gql<Create>(CREATE, { input: { ...baseInput('Lost'), category: encodeGlobalID('Category', 999_999) } }, { token: productsStaff.token });
    expect(unknownCategory.data!.productCreate!.errors).toEqual([{ field: 'category', message: 'Category not found.' }]);
    expect(await t.db.select().from(products).where(eq(products.name, 'Lost'))).toEqual([]);
  });

  it('updates only the fields given, removes a tire size, and deletes', async () => {
    const created = await t.gql<Create>(CREATE, { input: { ...baseInput('Editable'), tire: { width: 195, aspectRatio: 65, rimDiameter: 15 } } }, { token: productsStaff.token });
    const id = created.data!.productCreate!.product!.id;
    const updated = await t.gql<Update>(UPDATE, { id, input: { name: 'Edited', tire: null } }, { token: productsStaff.token });
    expect(updated.data!.productUpdate).toEqual({ product: { id, name: 'Edited', pricing: { priceRange: { start: { gross: { amount: 1500 } } } }, tire: null }, errors: [] });
    const missing = await t.gql<Update>(UPDATE, { id: encodeGlobalID('Product', 999_999), input: { name: 'X' } }, { token: productsStaff.token });
    expect(missing.data!.productUpdate!.errors).toEqual([{ field: 'id', message: 'Product not found.' }]);

    const deleted = await t.gql<{ productDelete: { product: { name: string } | null; errors: Errors } }>(
      'mutation($id: ID!) { productDelete(id: $id) { product { name } errors { message } } }',
      { id },
      { token: productsStaff.token },
    );
    expect(deleted.data!.productDelete).toEqual({ product: { name: 'Edited' }, errors: [] });
    const numericId = Number(Buffer.from(id, 'base64').toString().split(':')[1]);
    expect(await t.db.select().from(products).where(eq(products.id, numericId))).toEqual([]);
    expect(await t.db.select().from(tires).where(eq(tires.productId, numericId))).toEqual([]);
  });
});

describe('productVariantCreate / productVariantUpdate / productVariantDelete', () => {
  it('adds variants at a price, refuses a SKU in use, and shows visitors price and stock changes at once', async () => {
    const created = await t.gql<Create>(CREATE, { input: baseInput('Phone X') }, { token: productsStaff.token });
    const productId = created.data!.productCreate!.product!.id;
    const add = (input: Record<string, unknown>) => t.gql<VariantCreate>(VARIANT_CREATE, { input: { product: productId, ...input } }, { token: productsStaff.token });
    const first = await add({ name: 'Black / 128GB', sku: 'PX-BLK-128', color: 'Black', memory: '128GB', price: 1500, stockQuantity: 3 });
    expect(first.data!.productVariantCreate).toMatchObject({
      productVariant: { sku: 'PX-BLK-128', stockQuantity: 3, options: { color: 'Black', memory: '128GB' }, pricing: { priceUndiscounted: { gross: { amount: 1500 } } } },
      errors: [],
    });
    const second = await add({ name: 'Black / 256GB', sku: 'PX-BLK-256', color: 'Black', memory: '256GB', price: 1800.5, stockQuantity: 1 });
    expect(second.data!.productVariantCreate!.productVariant!.pricing.priceUndiscounted.gross.amount).toBe(1800.5);
    const duplicate = await add({ name: 'Copy', sku: 'px-blk-128', price: 1 });
    expect(duplicate.data!.productVariantCreate!.errors).toEqual([{ field: 'sku', message: 'This SKU is already used by another variant.' }]);
    const bad = await add({ name: 'Bad', sku: 'has space', price: 1, stockQuantity: -1, coverWarranty: 6 });
    expect(bad.data!.productVariantCreate!.errors).toEqual([
      { field: 'sku', message: 'SKU may only use letters, digits, dots, dashes and underscores (up to 64).' },
      { field: 'coverWarranty', message: 'Warranty must be 0 or 12 months.' },
      { field: 'stockQuantity', message: 'Stock must be a whole number from 0 to 1,000,000.' },
    ]);
    const refused = await t.gql<VariantCreate>(VARIANT_CREATE, { input: { product: productId, name: 'N', sku: 'N-1', price: 1 } }, { token: ordersStaff.token });
    expect(refused.data?.productVariantCreate ?? null).toBeNull();

    // A visitor's answer is cached; staff's change shows on the next request.
    await settle();
    const before = await visitorProduct(productId);
    expect(before!.variants.map((v) => v.pricing.price.gross.amount)).toEqual([1500, 1800.5]);
    const variantId = first.data!.productVariantCreate!.productVariant!.id;
    const repriced = await t.gql<VariantUpdate>(VARIANT_UPDATE, { id: variantId, input: { price: 1299, stockQuantity: 0 } }, { token: productsStaff.token });
    expect(repriced.data!.productVariantUpdate).toEqual({ productVariant: { stockQuantity: 0, pricing: { price: { gross: { amount: 1299 } } } }, errors: [] });
    await settle();
    const after = await visitorProduct(productId);
    expect(after!.variants[0]).toMatchObject({ isAvailable: false, stockQuantity: 0, pricing: { price: { gross: { amount: 1299 } } } });

    // The product's sale applies to every variant's price.
    await t.gql<Update>(UPDATE, { id: productId, input: { salePercent: 10 } }, { token: productsStaff.token });
    await settle();
    expect((await visitorProduct(productId))!.variants.map((v) => v.pricing.price.gross.amount)).toEqual([1169.1, 1620.45]);

    const deleted = await t.gql<{ productVariantDelete: { productVariant: { sku: string } | null; errors: Errors } }>(
      'mutation($id: ID!) { productVariantDelete(id: $id) { productVariant { sku } errors { message } } }',
      { id: variantId },
      { token: productsStaff.token },
    );
    expect(deleted.data!.productVariantDelete).toEqual({ productVariant: { sku: 'PX-BLK-128' }, errors: [] });
    expect(await t.db.select().from(productVariants).where(eq(productVariants.sku, 'PX-BLK-128'))).toEqual([]);
    const logged = await t.db.select().from(staffActions).where(eq(staffActions.action, 'variantUpdate'));
    expect(logged.at(-1)!.note).toBe('addedPrice, stockQuantity (stock 3 -> 0)');
  });
});

describe('staffProducts / staffProduct', () => {
  it('lists every product for staff, unpublished too, with search, brand and low-stock filters', async () => {
    const hidden = await t.gql<Create>(CREATE, { input: { ...baseInput('Hidden gadget'), isPublished: false } }, { token: productsStaff.token });
    const hiddenId = hidden.data!.productCreate!.product!.id;
    await t.gql<VariantCreate>(VARIANT_CREATE, { input: { product: hiddenId, name: 'Only', sku: 'HIDDEN-1', price: 10, stockQuantity: 2 } }, { token: productsStaff.token });
    const LIST = 'query($search: String, $brand: ID, $lowStock: Boolean) { staffProducts(first: 10, search: $search, brand: $brand, lowStock: $lowStock) { totalCount edges { node { name } } } }';
    type List = { staffProducts: { totalCount: number; edges: { node: { name: string } }[] } | null };
    const bySku = await t.gql<List>(LIST, { search: 'hidden-1' }, { token: productsStaff.token });
    expect(bySku.data!.staffProducts!.edges.map((e) => e.node.name)).toEqual(['Hidden gadget']);
    const low = await t.gql<List>(LIST, { lowStock: true, brand: refs.brand }, { token: productsStaff.token });
    expect(low.data!.staffProducts!.edges.map((e) => e.node.name)).toContain('Hidden gadget');
    expect(low.data!.staffProducts!.edges.map((e) => e.node.name)).not.toContain('Roadmaster 205/55 R16');
    const one = await t.gql<{ staffProduct: { name: string } | null }>('query($id: ID!) { staffProduct(id: $id) { name } }', { id: hiddenId }, { token: productsStaff.token });
    expect(one.data!.staffProduct).toEqual({ name: 'Hidden gadget' });
    expect(await visitorProduct(hiddenId)).toBeNull();
    const refused = await t.gql<List>(LIST, {}, { token: customer.token });
    expect(refused.data?.staffProducts ?? null).toBeNull();
  });
});
