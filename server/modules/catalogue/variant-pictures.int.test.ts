// Every colour shows its own pictures (gallery and cart line), and a price that only
// the optional exchange warranty changes is shown as the base price, not a range.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createTestProduct } from './catalogue.fixtures';
import { seedCatalogue } from '../../seed/catalogue/catalogue.seed';

let api: TestApi;
let seeded: Awaited<ReturnType<typeof seedCatalogue>>;

beforeAll(async () => {
  api = await createTestApi();
  seeded = await seedCatalogue(api.db, { products: 60 });
});
afterAll(() => api.close());

type Variant = { options: { color: string | null }; images: { alt: string; url: string }[]; thumbnail: { url: string; alt: string } | null };
type Product = { name: string; options: { colors: string[] }; images: { url: string }[]; variants: Variant[] };

describe('variant pictures', () => {
  it('gives every seeded colour its own pictures and thumbnail', async () => {
    let checked = 0;
    for (const id of seeded.productIds) {
      const result = await api.gql<{ product: Product }>(
        `query ($id: ID!) { product(id: $id) { name options { colors } images { url }
          variants { options { color } images { alt url(size: 510) } thumbnail(size: 160) { url alt } } } }`,
        { id: encodeGlobalID('Product', id) },
      );
      const product = result.data!.product;
      if (product.options.colors.length < 2) continue;
      const urls = new Set<string>();
      for (const v of product.variants) {
        const color = v.options.color!;
        expect(v.images.length, `${product.name} ${color}`).toBeGreaterThan(0);
        for (const image of v.images) expect(image.alt).toContain(`in ${color}`);
        expect(v.thumbnail?.alt).toContain(`in ${color}`);
        urls.add(v.images[0]!.url);
      }
      // One picture per colour, different from the others'.
      expect(urls.size).toBe(product.options.colors.length);
      checked++;
    }
    expect(checked).toBeGreaterThan(5);
  });
});

describe('exchange warranty pricing', () => {
  const PRICE = `query ($id: ID!) { product(id: $id) { pricing { priceRange { start { gross { amount } } stop { gross { amount } } } } } }`;
  type P = { product: { pricing: { priceRange: { start: { gross: { amount: number } }; stop: { gross: { amount: number } } } } } };

  it('shows the base price when only the warranty changes the price', async () => {
    const { product } = await createTestProduct(api.db, {
      basePrice: 20_000_00,
      variants: [
        { color: 'Mint', coverWarranty: 0 },
        { color: 'Mint', coverWarranty: 12, addedPrice: 1_200_00 },
        { color: 'Navy', coverWarranty: 0 },
        { color: 'Navy', coverWarranty: 12, addedPrice: 1_200_00 },
      ],
    });
    const data = (await api.gql<P>(PRICE, { id: encodeGlobalID('Product', product.id) })).data!;
    expect(data.product.pricing.priceRange.start.gross.amount).toBe(20_000);
    expect(data.product.pricing.priceRange.stop.gross.amount).toBe(20_000);
  });

  it('keeps a range when the memory changes the price', async () => {
    const { product } = await createTestProduct(api.db, {
      basePrice: 20_000_00,
      variants: [
        { memory: '128GB', coverWarranty: 0 },
        { memory: '256GB', coverWarranty: 0, addedPrice: 5_000_00 },
        { memory: '256GB', coverWarranty: 12, addedPrice: 6_200_00 },
      ],
    });
    const data = (await api.gql<P>(PRICE, { id: encodeGlobalID('Product', product.id) })).data!;
    expect(data.product.pricing.priceRange.start.gross.amount).toBe(20_000);
    expect(data.product.pricing.priceRange.stop.gross.amount).toBe(25_000);
  });
});
