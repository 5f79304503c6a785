// Staff organising the catalogue through the API: categories (a tree without loops), brands
// (TOP BRANDS), collections and their products; MANAGE_PRODUCTS only, refusals in words.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createTestProduct } from './catalogue.fixtures';
import { categories, productCollections, products } from './catalogue.tables';

let t: TestApi;
let staff: Customer;
let ordersStaff: Customer;

async function staffWith(permission: 'MANAGE_PRODUCTS' | 'MANAGE_ORDERS'): Promise<Customer> {
  const c = await createCustomer(t);
  await t.db.update(users).set({ isStaff: true }).where(eq(users.id, c.user.id));
  await t.db.insert(staffPermissions).values({ userId: c.user.id, permission });
  return c;
}

beforeAll(async () => {
  t = await createTestApi();
  staff = await staffWith('MANAGE_PRODUCTS');
  ordersStaff = await staffWith('MANAGE_ORDERS');
});
afterAll(async () => {
  await t?.close();
});

type Errors = { field: string | null; message: string }[];
const ask = <T>(query: string, variables: Record<string, unknown>, token = staff.token) => t.gql<T>(query, variables, { token });

describe('categories', () => {
  const CREATE = 'mutation($input: CategoryInput!) { categoryCreate(input: $input) { category { id name slug level parent { name } } errors { field message } } }';
  type Create = { categoryCreate: { category: { id: string; name: string; slug: string; level: number; parent: { name: string } | null } | null; errors: Errors } | null };
  const UPDATE = 'mutation($id: ID!, $input: CategoryInput!) { categoryUpdate(id: $id, input: $input) { category { name level } errors { field message } } }';
  type Update = { categoryUpdate: { category: { name: string; level: number } | null; errors: Errors } };

  it('builds a tree, refuses loops, renames with the products\' search text, and deletes only empty ones', async () => {
    const top = (await ask<Create>(CREATE, { input: { name: 'Gaming Gear' } })).data!.categoryCreate!.category!;
    expect(top).toMatchObject({ name: 'Gaming Gear', slug: 'gaming-gear', level: 0, parent: null });
    const child = (await ask<Create>(CREATE, { input: { name: 'Controllers', parent: top.id } })).data!.categoryCreate!.category!;
    expect(child).toMatchObject({ level: 1, parent: { name: 'Gaming Gear' } });
    const grandchild = (await ask<Create>(CREATE, { input: { name: 'Wireless', parent: child.id } })).data!.categoryCreate!.category!;
    expect(grandchild.level).toBe(2);

    const loop = await ask<Update>(UPDATE, { id: top.id, input: { parent: grandchild.id } });
    expect(loop.data!.categoryUpdate.errors).toEqual([{ field: 'parent', message: 'A category cannot be placed under itself or one of its subcategories.' }]);
    // Moving "Controllers" to the top re-levels "Wireless" under it.
    expect((await ask<Update>(UPDATE, { id: child.id, input: { parent: null } })).data!.categoryUpdate.category).toEqual({ name: 'Controllers', level: 0 });
    const [wireless] = await t.db.select().from(categories).where(eq(categories.name, 'Wireless'));
    expect(wireless!.level).toBe(1);

    const { product } = await createTestProduct(t.db, { basePrice: 100_00, variants: [{}] });
    const childId = Number(Buffer.from(child.id, 'base64').toString().split(':')[1]);
    await t.db.update(products).set({ categoryId: childId }).where(eq(products.id, product.id));
    await ask<Update>(UPDATE, { id: child.id, input: { name: 'Gamepads' } });
    const [renamed] = await t.db.select({ searchCategory: products.searchCategory }).from(products).where(eq(products.id, product.id));
    expect(renamed!.searchCategory).toBe('Gamepads');

    const DELETE = 'mutation($id: ID!) { categoryDelete(id: $id) { category { name } errors { field message } } }';
    type Delete = { categoryDelete: { category: { name: string } | null; errors: Errors } };
    expect((await ask<Delete>(DELETE, { id: child.id })).data!.categoryDelete.errors).toEqual([{ field: 'id', message: 'This category still has products or subcategories: move them first.' }]);
    expect((await ask<Delete>(DELETE, { id: grandchild.id })).data!.categoryDelete).toEqual({ category: { name: 'Wireless' }, errors: [] });

    const empty = await ask<Create>(CREATE, { input: { name: ' ' } });
    expect(empty.data!.categoryCreate!.errors).toEqual([{ field: 'name', message: 'Please enter a name.' }]);
    const refused = await ask<Create>(CREATE, { input: { name: 'Nope' } }, ordersStaff.token);
    expect(refused.data?.categoryCreate ?? null).toBeNull();
  });
});

describe('brands', () => {
  it('creates a TOP BRAND, refuses a slug in use and deleting a brand in use', async () => {
    const CREATE = 'mutation($input: BrandInput!) { brandCreate(input: $input) { brand { id slug isFeatured } errors { field message } } }';
    type Create = { brandCreate: { brand: { id: string; slug: string; isFeatured: boolean } | null; errors: Errors } | null };
    const made = await ask<Create>(CREATE, { input: { name: 'Acme Audio', isFeatured: true } });
    expect(made.data!.brandCreate).toMatchObject({ brand: { slug: 'acme-audio', isFeatured: true }, errors: [] });
    const featured = await t.gql<{ featuredBrands: { edges: { node: { name: string } }[] } }>('{ featuredBrands(first: 50) { edges { node { name } } } }');
    expect(featured.data!.featuredBrands.edges.map((e) => e.node.name)).toContain('Acme Audio');
    const taken = await ask<Create>(CREATE, { input: { name: 'Other', slug: 'acme-audio' } });
    expect(taken.data!.brandCreate!.errors).toEqual([{ field: 'slug', message: 'This slug is already used.' }]);

    const { brand } = await createTestProduct(t.db, { basePrice: 100_00, variants: [{}] });
    const inUse = await ask<{ brandDelete: { errors: Errors } }>('mutation($id: ID!) { brandDelete(id: $id) { errors { field message } } }', { id: encodeGlobalID('Brand', brand.id) });
    expect(inUse.data!.brandDelete.errors).toEqual([{ field: 'id', message: 'This brand still has products: change their brand first.' }]);
    const unfeatured = await ask<{ brandUpdate: { brand: { isFeatured: boolean }; errors: Errors } }>(
      'mutation($id: ID!, $input: BrandInput!) { brandUpdate(id: $id, input: $input) { brand { isFeatured } errors { field message } } }',
      { id: made.data!.brandCreate!.brand!.id, input: { isFeatured: false } },
    );
    expect(unfeatured.data!.brandUpdate).toEqual({ brand: { isFeatured: false }, errors: [] });
    const deleted = await ask<{ brandDelete: { errors: Errors } }>('mutation($id: ID!) { brandDelete(id: $id) { errors { field message } } }', { id: made.data!.brandCreate!.brand!.id });
    expect(deleted.data!.brandDelete.errors).toEqual([]);
  });
});

describe('collections', () => {
  it('creates a collection, adds and removes products, and lists it for staff only', async () => {
    const made = await ask<{ collectionCreate: { collection: { id: string; slug: string } | null; errors: Errors } }>(
      'mutation($input: CollectionInput!) { collectionCreate(input: $input) { collection { id slug } errors { field message } } }',
      { input: { name: 'Back to School' } },
    );
    const collection = made.data!.collectionCreate.collection!;
    expect(collection.slug).toBe('back-to-school');
    const { product } = await createTestProduct(t.db, { basePrice: 100_00, variants: [{}] });
    const productId = encodeGlobalID('Product', product.id);
    const ADD = 'mutation($c: ID!, $p: [ID!]!) { collectionAddProducts(collectionId: $c, products: $p) { collection { name } errors { field message } } }';
    const added = await ask<{ collectionAddProducts: { errors: Errors } }>(ADD, { c: collection.id, p: [productId, productId] });
    expect(added.data!.collectionAddProducts.errors).toEqual([]);
    const inCollection = await t.gql<{ product: { collections: { name: string }[] } }>('query($id: ID!) { product(id: $id) { collections { name } } }', { id: productId });
    expect(inCollection.data!.product.collections.map((c) => c.name)).toEqual(['Back to School']);
    const members = await ask<{ staffProducts: { edges: { node: { name: string } }[] } }>('query($c: ID) { staffProducts(first: 5, collection: $c) { edges { node { name } } } }', { c: collection.id });
    expect(members.data!.staffProducts.edges.map((e) => e.node.name)).toEqual([product.name]);
    const unknown = await ask<{ collectionAddProducts: { errors: Errors } }>(ADD, { c: collection.id, p: [encodeGlobalID('Product', 999_999)] });
    expect(unknown.data!.collectionAddProducts.errors).toEqual([{ field: 'products', message: 'Product not found.' }]);

    const list = await ask<{ staffCollections: { name: string; productCount: number }[] | null }>('{ staffCollections { name productCount } }', {});
    expect(list.data!.staffCollections).toEqual([{ name: 'Back to School', productCount: 1 }]);
    expect((await ask<{ staffCollections: null }>('{ staffCollections { name } }', {}, ordersStaff.token)).data?.staffCollections ?? null).toBeNull();

    const removed = await ask<{ collectionRemoveProducts: { errors: Errors } }>(
      'mutation($c: ID!, $p: [ID!]!) { collectionRemoveProducts(collectionId: $c, products: $p) { errors { field message } } }',
      { c: collection.id, p: [productId] },
    );
    expect(removed.data!.collectionRemoveProducts.errors).toEqual([]);
    expect(await t.db.select().from(productCollections).where(eq(productCollections.productId, product.id))).toEqual([]);
    const deleted = await ask<{ collectionDelete: { collection: { name: string }; errors: Errors } }>('mutation($id: ID!) { collectionDelete(id: $id) { collection { name } errors { message } } }', { id: collection.id });
    expect(deleted.data!.collectionDelete).toEqual({ collection: { name: 'Back to School' }, errors: [] });
  });
});
