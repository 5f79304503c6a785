// Staff's product pictures through the API: an upload is decoded and stored as WebP
// derivatives, listed last, reordered, given alt text and a colour, and deleted with its files.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createTestProduct } from './catalogue.fixtures';
import { productImages } from './catalogue.tables';

let t: TestApi;
let staff: Customer;
let ordersStaff: Customer;
let productId: string;
let png: string;

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
  const { product } = await createTestProduct(t.db, { basePrice: 100_00, variants: [{ color: 'Blue' }, { color: 'Red' }] });
  productId = encodeGlobalID('Product', product.id);
  const bytes = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#3366cc' } }).png().toBuffer();
  png = `data:image/png;base64,${bytes.toString('base64')}`;
});
afterAll(async () => {
  await t?.close();
});

type Errors = { field: string | null; message: string }[];
type Media = { id: string; alt: string; color: string | null; width: number; height: number; url: string };
const CREATE = `mutation($input: ProductMediaCreateInput!) { productMediaCreate(input: $input) { media { id alt color width height url } errors { field message } } }`;
type Create = { productMediaCreate: { media: Media | null; errors: Errors } | null };

const upload = (input: Record<string, unknown>, token = staff.token) => t.gql<Create>(CREATE, { input: { product: productId, ...input } }, { token });
const fileOf = (url: string) => path.join(t.config.dataDir, url);

describe('product pictures', () => {
  it('stores an upload as square WebP derivatives, in list order', async () => {
    const first = await upload({ image: png, alt: 'Front', color: 'Blue' });
    expect(first.data!.productMediaCreate!.errors).toEqual([]);
    const media = first.data!.productMediaCreate!.media!;
    // A 600x300 picture is padded onto a 600x600 white square.
    expect(media).toMatchObject({ alt: 'Front', color: 'Blue', width: 600, height: 600 });
    expect(media.url).toMatch(/^\/media\/uploads\/p\d+-[0-9a-f]{24}\/600\.webp$/);
    expect(existsSync(fileOf(media.url))).toBe(true);
    expect(existsSync(fileOf(media.url.replace('600.webp', '255.webp')))).toBe(true);
    const meta = await sharp(fileOf(media.url)).metadata();
    expect(meta.format).toBe('webp');

    const second = await upload({ image: png, alt: 'Back', color: 'Red' });
    const third = await upload({ image: png });
    const ids = [media.id, second.data!.productMediaCreate!.media!.id, third.data!.productMediaCreate!.media!.id];

    const REORDER = `mutation($p: ID!, $ids: [ID!]!) { productMediaReorder(productId: $p, mediaIds: $ids) { media { id } product { images { alt } } errors { field message } } }`;
    type Reorder = { productMediaReorder: { media: { id: string }[] | null; product: { images: { alt: string }[] } | null; errors: Errors } };
    const reordered = await t.gql<Reorder>(REORDER, { p: productId, ids: [ids[2], ids[0], ids[1]] }, { token: staff.token });
    expect(reordered.data!.productMediaReorder.errors).toEqual([]);
    expect(reordered.data!.productMediaReorder.media!.map((m) => m.id)).toEqual([ids[2], ids[0], ids[1]]);
    expect(reordered.data!.productMediaReorder.product!.images.map((i) => i.alt)).toEqual(['', 'Front', 'Back']);
    const partial = await t.gql<Reorder>(REORDER, { p: productId, ids: [ids[0], ids[0], ids[1]] }, { token: staff.token });
    expect(partial.data!.productMediaReorder.errors).toEqual([{ field: 'mediaIds', message: 'List every image of the product once.' }]);

    // Per-variant pictures: the red variant shows its own picture first.
    const variants = await t.gql<{ product: { variants: { options: { color: string }; images: { alt: string }[] }[] } }>(
      'query($id: ID!) { product(id: $id) { variants { options { color } images { alt } } } }',
      { id: productId },
    );
    expect(variants.data!.product.variants.find((v) => v.options.color === 'Red')!.images.map((i) => i.alt)).toEqual(['Back']);

    const UPDATE = `mutation($id: ID!, $input: ProductMediaUpdateInput!) { productMediaUpdate(id: $id, input: $input) { media { alt color } errors { field message } } }`;
    type Update = { productMediaUpdate: { media: { alt: string; color: string | null } | null; errors: Errors } };
    const updated = await t.gql<Update>(UPDATE, { id: ids[2], input: { alt: '  Side view ' } }, { token: staff.token });
    expect(updated.data!.productMediaUpdate).toEqual({ media: { alt: 'Side view', color: null }, errors: [] });
    const tooLong = await t.gql<Update>(UPDATE, { id: ids[2], input: { alt: 'x'.repeat(256) } }, { token: staff.token });
    expect(tooLong.data?.productMediaUpdate ?? null).toBeNull(); // refused by the input limits before any resolver

    const DELETE = `mutation($id: ID!) { productMediaDelete(id: $id) { media { alt } errors { message } } }`;
    const deleted = await t.gql<{ productMediaDelete: { media: { alt: string } | null; errors: Errors } }>(DELETE, { id: ids[0] }, { token: staff.token });
    expect(deleted.data!.productMediaDelete).toEqual({ media: { alt: 'Front' }, errors: [] });
    expect(existsSync(fileOf(media.url))).toBe(false);
    const missing = await t.gql<{ productMediaDelete: { errors: Errors } }>(DELETE, { id: ids[0] }, { token: staff.token });
    expect(missing.data!.productMediaDelete.errors).toEqual([{ message: 'Image not found.' }]);
  });

  it('refuses what is not an image, what is too large, and staff without MANAGE_PRODUCTS', async () => {
    const before = await t.db.select().from(productImages);
    const text = await upload({ image: `data:image/png;base64,${Buffer.from('not a picture at all').toString('base64')}` });
    expect(text.data!.productMediaCreate!.errors).toEqual([{ field: 'image', message: 'Please upload an image file.' }]);
    const pdf = await upload({ image: 'data:application/pdf;base64,JVBERi0=' });
    expect(pdf.data!.productMediaCreate!.errors).toEqual([{ field: 'image', message: 'Please upload an image file.' }]);
    const large = await upload({ image: `data:image/png;base64,${'A'.repeat(6_670_000)}` });
    expect(large.data!.productMediaCreate!.errors).toEqual([{ field: 'image', message: 'Image must not exceed 5mb!' }]);
    const refused = await upload({ image: png }, ordersStaff.token);
    expect(refused.data?.productMediaCreate ?? null).toBeNull();
    expect(await t.db.select().from(productImages)).toEqual(before);
  });
});
