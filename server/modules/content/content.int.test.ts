import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { seedCatalogue } from '../../seed/catalogue/catalogue.seed';
import { products } from '../catalogue/catalogue.tables';
import { DELIVERY_PROMISE, PICKUP_PROMISE } from '../../../common/checkout/delivery-promise';
import { PRE_ORDER_PAYMENT_TEXT } from '../../../common/checkout/gateways';
import { saveContentPage } from './content.service';
import { seedContent, testimonialProductId } from './content.seed';

let api: TestApi;
let catalogue: Awaited<ReturnType<typeof seedCatalogue>>;
beforeAll(async () => {
  api = await createTestApi();
  catalogue = await seedCatalogue(api.db, { products: 60 });
  await seedContent(api.db, {
    links: { samsungBrand: '/shop/brand/1', appleBrand: '/shop/brand/2' },
    productIdByName: catalogue.productIdByName,
    productIds: catalogue.productIds,
  });
});
afterAll(() => api.close());

describe('storefront content', () => {
  it('serves banners, the announcement and testimonials with sized images', async () => {
    const r = await api.gql<{
      banners: { alt: string; buttonLabel: string; buttonLink: string; image: { url: string; width: number; height: number } }[];
      announcementModals: { name: string; modalLink: string; image: { url: string } }[];
      testimonials: { name: string; content: string; rating: number }[];
    }>(`{ banners(first: 10) { alt buttonLabel buttonLink image(size: 1020) { url width height } }
          announcementModals(first: 99) { name modalLink image { url } }
          testimonials(first: 10) { name content rating } }`);
    expect(r.errors).toBeUndefined();
    const { banners, announcementModals, testimonials } = r.data!;
    expect(banners.length).toBeGreaterThanOrEqual(4);
    expect(banners[0]!.image).toEqual({ url: expect.stringMatching(/\/1020\.webp$/), width: 1020, height: 383 });
    expect(banners.some((b) => b.buttonLink.startsWith('https://'))).toBe(true);
    expect(banners.some((b) => b.buttonLink.startsWith('/'))).toBe(true);
    expect(announcementModals).toHaveLength(1);
    expect(testimonials.length).toBeGreaterThanOrEqual(6);
    // Some reviews are long enough for the carousel's Read More (95 characters or more).
    expect(testimonials.some((t) => t.content.length >= 95)).toBe(true);
    expect(testimonials.some((t) => t.content.length < 95)).toBe(true);
  });

  it('names the reviewed product of every testimonial, with brand, link and sized thumbnail', async () => {
    type Shown = { name: string; product: { name: string; url: string; brand: { name: string } | null; thumbnail: { url: string; width: number; height: number } | null } | null };
    const r = await api.gql<{ testimonials: Shown[] }>(
      `{ testimonials(first: 10) { name product { name url brand { name } thumbnail(size: 128) { url width height } } } }`,
    );
    expect(r.errors).toBeUndefined();
    const list = r.data!.testimonials;
    expect(list.every((t) => t.product != null)).toBe(true);
    const iphone = list.find((t) => t.name === 'Maricel D.')!.product!;
    expect(iphone).toMatchObject({ name: 'iPhone 16 Pro', brand: { name: 'Apple' }, url: expect.stringMatching(/^\/product\//) });
    expect(list.find((t) => t.name === 'Kristine B.')!.product!.name).toBe('Suki Gift Voucher');
    // Products carry their image sizes so the carousel reserves the space.
    expect(iphone.thumbnail).toEqual({ url: expect.any(String), width: expect.any(Number), height: expect.any(Number) });

    // An unpublished product shows no product rather than failing the carousel.
    await api.db.update(products).set({ isPublished: false }).where(eq(products.id, catalogue.productIdByName.get('Apple iPhone 16 Pro')!));
    const after = await api.gql<{ testimonials: Shown[] }>(`{ testimonials(first: 10) { name product { name } } }`);
    expect(after.errors).toBeUndefined();
    expect(after.data!.testimonials.find((t) => t.name === 'Maricel D.')!.product).toBeNull();
    await api.db.update(products).set({ isPublished: true }).where(eq(products.id, catalogue.productIdByName.get('Apple iPhone 16 Pro')!));
  });

  it('falls back to a listed product when the catalogue lacks the named one', () => {
    const byName = new Map([['Apple iPhone 16 Pro', 7]]);
    expect(testimonialProductId('Apple iPhone 16', byName, [1, 2], 0)).toBe(7);
    expect(testimonialProductId('Anker PowerCore', byName, [1, 2], 3)).toBe(2);
    expect(testimonialProductId('Anker PowerCore', new Map(), [], 3)).toBeNull();
  });

  it('serves the terms, FAQ and trade-in FAQ pages', async () => {
    for (const slug of ['terms', 'faqs', 'faq-trade-in']) {
      const r = await api.gql<{ contentPage: { title: string; content: string } | null }>(
        `query ($slug: String!) { contentPage(slug: $slug) { title content } }`,
        { slug },
      );
      expect(r.data!.contentPage!.content).toContain('<h');
    }
    const missing = await api.gql<{ contentPage: null }>(`{ contentPage(slug: "nope") { title } }`);
    expect(missing.data!.contentPage).toBeNull();
  });

  it('promises delivery in the terms and FAQ exactly as the checkout does', async () => {
    // Every "N to M days" the seeded pages state, as the shop serves them.
    const durations = /\b\d+\s*(?:to|-|–)\s*\d+\s+(?:\w+\s+)?days\b/gi;
    for (const slug of ['terms', 'faqs']) {
      const r = await api.gql<{ contentPage: { content: string } }>(`query($slug: String!) { contentPage(slug: $slug) { content } }`, { slug });
      const content = r.data!.contentPage.content;
      expect(content, slug).toContain(DELIVERY_PROMISE);
      const stated = new Set(content.match(durations));
      expect([...stated].sort(), slug).toEqual([DELIVERY_PROMISE, PICKUP_PROMISE].sort());
    }
  });

  it('says how pre-orders are paid and what PayPal adds exactly as the shop does (ADR 040)', async () => {
    const r = await api.gql<{ contentPage: { content: string } }>(`{ contentPage(slug: "faqs") { content } }`);
    const content = r.data!.contentPage.content;
    // Never charged before staff confirm it: held or authorised, charged at confirmation.
    expect(content).toContain(PRE_ORDER_PAYMENT_TEXT);
    expect(content).not.toContain('You pay when you place the order');
    expect(content).toContain('PayPal Fee');
    expect(content).toContain('a full refund gives it back');
  });

  it('sanitises page HTML before storing it', async () => {
    await saveContentPage({ db: api.db }, {
      slug: 'terms',
      title: 'Terms',
      content: '<h2 onclick="steal()">Hi</h2><script>alert(1)</script><p><a href="javascript:alert(1)">x</a> <a href="https://example.com" target="_blank">ok</a></p><img src=x onerror=alert(1)>',
    });
    const r = await api.gql<{ contentPage: { content: string } }>(`{ contentPage(slug: "terms") { content } }`);
    const html = r.data!.contentPage.content;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(html).toContain('<h2>Hi</h2>');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});
