// Staff content through the API (MANAGE_CONTENT): banners, announcement modals, testimonials and
// content pages; refused without the permission; bad input; sanitised output; caches dropped.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_MESSAGES } from '../../../common/content/content-rules';
import { STAFF_MESSAGES } from '../../../common/staff/permissions';
import { users } from '../accounts/accounts.tables';
import { createCustomer, type Customer } from '../checkout/checkout.fixtures';
import { staffActions, staffPermissions } from '../system/staff-access.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { createBanner } from './content-staff.service';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

let t: TestApi;
let editor: Customer;
let ordersStaff: Customer;
let customer: Customer;
let png: string;

beforeAll(async () => {
  t = await createTestApi();
  [editor, ordersStaff, customer] = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
  for (const staff of [editor, ordersStaff]) await t.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
  await t.db.insert(staffPermissions).values([
    { userId: editor.user.id, permission: 'MANAGE_CONTENT' },
    { userId: ordersStaff.user.id, permission: 'MANAGE_ORDERS' },
  ]);
  const image = await sharp({ create: { width: 1200, height: 450, channels: 3, background: '#f26b1d' } }).png().toBuffer();
  png = `data:image/png;base64,${image.toString('base64')}`;
});
afterAll(() => t?.close());

type Errors = { field: string | null; message: string }[];
type BannerShape = { id: string; alt: string; buttonLink: string; isActive: boolean; sortOrder: number; image: { url: string; width: number } };
const BANNER_FIELDS = 'id alt buttonLink isActive sortOrder image { url width }';
const CREATE_BANNER = `mutation($input: BannerInput!) { bannerCreate(input: $input) { banner { ${BANNER_FIELDS} } errors { field message } } }`;
const UPDATE_BANNER = `mutation($id: ID!, $input: BannerInput!) { bannerUpdate(id: $id, input: $input) { banner { ${BANNER_FIELDS} } errors { field message } } }`;
type BannerPayload<K extends string> = { [key in K]: { banner: BannerShape | null; errors: Errors } };

/** A visitor's question, without a session: the answer the response cache keeps. */
async function visitor<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await t.gql<T>(query, variables);
  expect(response.errors).toBeUndefined();
  return response.data!;
}

describe('banners', () => {
  it('creates a banner with an uploaded picture, cut into WebP sizes, shown last to visitors', async () => {
    const created = await t.gql<BannerPayload<'bannerCreate'>>(
      CREATE_BANNER,
      { input: { alt: 'Rainy season sale', buttonLabel: 'Shop now', buttonLink: '/shop/best-deals/today', base64Str: png } },
      { token: editor.token },
    );
    expect(created.errors).toBeUndefined();
    const banner = created.data!.bannerCreate.banner!;
    expect(created.data!.bannerCreate.errors).toEqual([]);
    expect(banner).toMatchObject({ alt: 'Rainy season sale', isActive: true, image: { width: 1200, url: expect.stringMatching(/^\/media\/content\/banner-.+\/1200\.webp$/) } });
    const key = banner.image.url.replace(/^\/media\//, '').replace(/\/1200\.webp$/, '');
    for (const width of [255, 510, 1020, 1200]) expect(existsSync(path.join(t.config.dataDir, 'media', key, `${width}.webp`))).toBe(true);

    const { banners } = await visitor<{ banners: { alt: string }[] }>('{ banners(first: 10) { alt } }');
    expect(banners.at(-1)?.alt).toBe('Rainy season sale');
    const [logged] = await t.db.select().from(staffActions).where(eq(staffActions.action, 'bannerCreate'));
    expect(logged).toMatchObject({ actorUserId: editor.user.id, subjectType: 'banner', subjectId: Number(banner.id) });
  });

  it('deactivates, reorders and deletes, and visitors see each change on the next request', async () => {
    const second = await t.gql<BannerPayload<'bannerCreate'>>(CREATE_BANNER, { input: { alt: 'Second', base64Str: png } }, { token: editor.token });
    const secondId = second.data!.bannerCreate.banner!.id;
    await settle();
    expect((await visitor<{ banners: { alt: string }[] }>('{ banners { alt } }')).banners.map((b) => b.alt)).toEqual(['Rainy season sale', 'Second']);

    const staffList = await t.gql<{ staffContent: { banners: { id: string }[] } }>('{ staffContent { banners { id } } }', {}, { token: editor.token });
    const ids = staffList.data!.staffContent.banners.map((b) => b.id);
    const reordered = await t.gql<{ bannersReorder: { ids: string[]; errors: Errors } }>(
      'mutation($ids: [ID!]!) { bannersReorder(ids: $ids) { ids errors { field message } } }',
      { ids: [...ids].reverse() },
      { token: editor.token },
    );
    expect(reordered.data!.bannersReorder).toEqual({ ids: [...ids].reverse(), errors: [] });
    await settle();
    expect((await visitor<{ banners: { alt: string }[] }>('{ banners { alt } }')).banners.map((b) => b.alt)).toEqual(['Second', 'Rainy season sale']);

    // A stale list (an item missing) is refused rather than dropping the item.
    const stale = await t.gql<{ bannersReorder: { ids: string[] | null; errors: Errors } }>(
      'mutation($ids: [ID!]!) { bannersReorder(ids: $ids) { ids errors { field message } } }',
      { ids: [ids[0]] },
      { token: editor.token },
    );
    expect(stale.data!.bannersReorder).toEqual({ ids: null, errors: [{ field: 'ids', message: CONTENT_MESSAGES.reorder }] });

    const off = await t.gql<BannerPayload<'bannerUpdate'>>(UPDATE_BANNER, { id: secondId, input: { isActive: false } }, { token: editor.token });
    expect(off.data!.bannerUpdate.banner).toMatchObject({ isActive: false, alt: 'Second' });
    await settle();
    expect((await visitor<{ banners: { alt: string }[] }>('{ banners { alt } }')).banners.map((b) => b.alt)).toEqual(['Rainy season sale']);

    const deleted = await t.gql<{ bannerDelete: { id: string; errors: Errors } }>('mutation($id: ID!) { bannerDelete(id: $id) { id errors { message } } }', { id: secondId }, { token: editor.token });
    expect(deleted.data!.bannerDelete).toEqual({ id: secondId, errors: [] });
    const again = await t.gql<{ bannerDelete: { id: string | null; errors: Errors } }>('mutation($id: ID!) { bannerDelete(id: $id) { id errors { message } } }', { id: secondId }, { token: editor.token });
    expect(again.data!.bannerDelete.errors).toEqual([{ message: CONTENT_MESSAGES.notFound }]);
  });

  it('refuses bad input: no picture, a picture that is not one, an empty alt, a script link', async () => {
    const ask = (input: Record<string, unknown>) => t.gql<BannerPayload<'bannerCreate'>>(CREATE_BANNER, { input }, { token: editor.token });
    expect((await ask({ alt: 'No picture' })).data!.bannerCreate.errors).toEqual([{ field: 'base64Str', message: CONTENT_MESSAGES.image }]);
    expect((await ask({ alt: 'Not a picture', base64Str: Buffer.from('hello').toString('base64') })).data!.bannerCreate.errors).toEqual([
      { field: 'base64Str', message: CONTENT_MESSAGES.image },
    ]);
    expect((await ask({ alt: '  ', base64Str: png })).data!.bannerCreate.errors).toEqual([{ field: 'alt', message: CONTENT_MESSAGES.required }]);
    for (const buttonLink of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hi']) {
      expect((await ask({ alt: 'Link', buttonLink, base64Str: png })).data!.bannerCreate.errors).toEqual([{ field: 'buttonLink', message: CONTENT_MESSAGES.link }]);
    }
  });

  it('refuses visitors, customers and staff without MANAGE_CONTENT, in the API and in the service', async () => {
    for (const token of [undefined, customer.token, ordersStaff.token]) {
      const refused = await t.gql(CREATE_BANNER, { input: { alt: 'Nope', base64Str: png } }, { token });
      expect(refused.data?.bannerCreate ?? null).toBeNull();
      expect(refused.errors?.[0]?.message).toMatch(/not authori[sz]ed/i);
      const list = await t.gql('{ staffContent { banners { id } } }', {}, { token });
      expect(list.data?.staffContent ?? null).toBeNull();
    }
    const asOrdersStaff = t.serviceContext({ ...ordersStaff.user, isStaff: true } as never);
    await expect(createBanner(asOrdersStaff, { alt: 'Nope', base64Str: png })).rejects.toThrow(STAFF_MESSAGES.noPermission);
  });
});

describe('announcement modals and testimonials', () => {
  it('creates, edits and deactivates an announcement modal', async () => {
    const created = await t.gql<{ announcementModalCreate: { announcementModal: { id: string; name: string; modalLink: string } | null; errors: Errors } }>(
      'mutation($input: AnnouncementModalInput!) { announcementModalCreate(input: $input) { announcementModal { id name modalLink } errors { field message } } }',
      { input: { name: '12.12 Sale', alt: '12.12 Sale banner', modalLink: 'https://example.com/sale', base64Str: png } },
      { token: editor.token },
    );
    expect(created.data!.announcementModalCreate.errors).toEqual([]);
    const id = created.data!.announcementModalCreate.announcementModal!.id;
    await settle();
    expect((await visitor<{ announcementModals: { name: string }[] }>('{ announcementModals { name } }')).announcementModals.map((a) => a.name)).toContain('12.12 Sale');
    const off = await t.gql<{ announcementModalUpdate: { announcementModal: { isActive: boolean; name: string }; errors: Errors } }>(
      'mutation($id: ID!, $input: AnnouncementModalInput!) { announcementModalUpdate(id: $id, input: $input) { announcementModal { isActive name } errors { message } } }',
      { id, input: { isActive: false, name: '12.12 Mega Sale' } },
      { token: editor.token },
    );
    expect(off.data!.announcementModalUpdate).toEqual({ announcementModal: { isActive: false, name: '12.12 Mega Sale' }, errors: [] });
    await settle();
    expect((await visitor<{ announcementModals: { name: string }[] }>('{ announcementModals { name } }')).announcementModals.map((a) => a.name)).not.toContain('12.12 Mega Sale');
  });

  it('creates and edits a testimonial; a rating outside 1-5 is refused', async () => {
    const CREATE = 'mutation($input: TestimonialInput!) { testimonialCreate(input: $input) { testimonial { id name rating content } errors { field message } } }';
    type Created = { testimonialCreate: { testimonial: { id: string; name: string; rating: number; content: string } | null; errors: Errors } };
    const bad = await t.gql<Created>(CREATE, { input: { name: 'Lito', content: 'Great', rating: 6 } }, { token: editor.token });
    expect(bad.data!.testimonialCreate.errors).toEqual([{ field: 'rating', message: CONTENT_MESSAGES.rating }]);
    const empty = await t.gql<Created>(CREATE, { input: { name: 'Lito', content: ' ', rating: 5 } }, { token: editor.token });
    expect(empty.data!.testimonialCreate.errors).toEqual([{ field: 'content', message: CONTENT_MESSAGES.required }]);
    const ok = await t.gql<Created>(CREATE, { input: { name: 'Lito P.', location: 'Tacloban', content: 'Fast delivery to Leyte!', rating: 5 } }, { token: editor.token });
    expect(ok.data!.testimonialCreate.testimonial).toMatchObject({ name: 'Lito P.', rating: 5 });
    const edited = await t.gql<{ testimonialUpdate: { testimonial: { rating: number; content: string } } }>(
      'mutation($id: ID!, $input: TestimonialInput!) { testimonialUpdate(id: $id, input: $input) { testimonial { rating content } errors { message } } }',
      { id: ok.data!.testimonialCreate.testimonial!.id, input: { rating: 4 } },
      { token: editor.token },
    );
    expect(edited.data!.testimonialUpdate.testimonial).toEqual({ rating: 4, content: 'Fast delivery to Leyte!' });
    await settle();
    expect((await visitor<{ testimonials: { name: string; rating: number }[] }>('{ testimonials { name rating } }')).testimonials).toContainEqual({ name: 'Lito P.', rating: 4 });
  });
});

describe('content pages', () => {
  const UPDATE = 'mutation($input: ContentPageInput!) { contentPageUpdate(input: $input) { contentPage { slug title content } errors { field message } } }';
  type Updated = { contentPageUpdate: { contentPage: { slug: string; title: string; content: string } | null; errors: Errors } };

  it('stores the editor HTML sanitised, and a visitor sees the new page on the next request', async () => {
    await t.gql<Updated>(UPDATE, { input: { slug: 'faqs', title: 'FAQ', content: '<p>Old answer</p>' } }, { token: editor.token });
    await settle();
    expect((await visitor<{ contentPage: { content: string } }>('{ contentPage(slug: "faqs") { content } }')).contentPage.content).toBe('<p>Old answer</p>');

    const html =
      '<h2 onclick="steal()">Shipping</h2><p>We ship <strong>nationwide</strong>.<script>alert(1)</script></p>' +
      '<p style="color:red"><a href="javascript:alert(1)">bad</a> <a href="https://example.com" target="_blank">good</a></p><img src=x onerror=alert(1)>';
    const saved = await t.gql<Updated>(UPDATE, { input: { slug: 'faqs', title: 'Frequently Asked Questions', content: html } }, { token: editor.token });
    expect(saved.data!.contentPageUpdate.errors).toEqual([]);
    const content = saved.data!.contentPageUpdate.contentPage!.content;
    expect(content).toBe(
      '<h2>Shipping</h2><p>We ship <strong>nationwide</strong>.</p><p><a>bad</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer">good</a></p>',
    );
    await settle();
    const shown = await visitor<{ contentPage: { title: string; content: string } }>('{ contentPage(slug: "faqs") { title content } }');
    expect(shown.contentPage).toEqual({ title: 'Frequently Asked Questions', content });
  });

  it('saves the built-in pages too, refuses unknown pages and empty titles, and lists every page for staff', async () => {
    const about = await t.gql<Updated>(UPDATE, { input: { slug: 'about', title: 'About Suki', content: '<p>Hello</p>' } }, { token: editor.token });
    expect(about.data!.contentPageUpdate.contentPage).toMatchObject({ slug: 'about' });
    const unknown = await t.gql<Updated>(UPDATE, { input: { slug: 'secret', title: 'X', content: '' } }, { token: editor.token });
    expect(unknown.data!.contentPageUpdate.errors).toEqual([{ field: 'slug', message: CONTENT_MESSAGES.pageUnknown }]);
    const untitled = await t.gql<Updated>(UPDATE, { input: { slug: 'terms', title: ' ', content: '' } }, { token: editor.token });
    expect(untitled.data!.contentPageUpdate.errors).toEqual([{ field: 'title', message: CONTENT_MESSAGES.required }]);

    const list = await t.gql<{ staffContent: { pages: { slug: string; path: string; page: { title: string } | null }[] } }>(
      '{ staffContent { pages { slug path page { title } } } }',
      {},
      { token: editor.token },
    );
    expect(list.data!.staffContent.pages).toEqual([
      { slug: 'terms', path: '/terms-conditions', page: null },
      { slug: 'faqs', path: '/faqs', page: { title: 'Frequently Asked Questions' } },
      { slug: 'faq-trade-in', path: '/faq-trade-in', page: null },
      { slug: 'privacy-policy', path: '/privacy-policy', page: null },
      { slug: 'about', path: '/about', page: { title: 'About Suki' } },
    ]);
  });

  it('refuses staff without MANAGE_CONTENT', async () => {
    const refused = await t.gql(UPDATE, { input: { slug: 'terms', title: 'T', content: '<p>x</p>' } }, { token: ordersStaff.token });
    expect(refused.data?.contentPageUpdate ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toMatch(/not authori[sz]ed/i);
  });
});
