// ADR 028: a page's stored <main> is served only to a request whose key (URL, signed in or not,
// the page routes' loader data) says it would render the same bytes; the viewer's own data
// (the root's loader data) is in no key, and changed data is a new key.
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { EntryContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  MAIN_OPEN,
  captureMainFragment,
  createMainFragmentStore,
  mainFragmentKey,
  mainInnerHtml,
  planMainFragment,
  plainJsonDigest,
} from './main-fragment.server';

type Page = {
  url?: string;
  method?: string;
  viewer?: { email: string; firstName: string } | null;
  cartCount?: number;
  product?: unknown;
  optIn?: boolean;
  statusCode?: number;
  actionData?: unknown;
};

const PRODUCT = { id: 'UHJvZHVjdDox', name: 'Phone', price: 1000, stock: 5 };

function page({ url = '/product/UHJvZHVjdDox', method = 'GET', viewer = null, cartCount = 0, product = PRODUCT, optIn = true, statusCode = 200, actionData = null }: Page) {
  const request = new Request(`http://shop.test${url}`, { method });
  const context = {
    isSpaMode: false,
    routeModules: {
      root: { default: () => null },
      'routes/product': { default: () => null, handle: optIn ? { mainFromLoaderData: true } : undefined },
    },
    staticHandlerContext: {
      statusCode,
      actionData,
      errors: null,
      matches: [{ route: { id: 'root' } }, { route: { id: 'routes/product' } }],
      loaderData: { root: { viewer, cartCount, cart: null }, 'routes/product': { product, isInWatchlist: false } },
    },
  } as unknown as EntryContext;
  return { request, context };
}

const key = (p: Page) => {
  const { request, context } = page(p);
  return mainFragmentKey(request, context);
};

describe('the key of a stored <main>', () => {
  it('is the same for two customers: their names and carts are in the root data, rendered afresh', () => {
    const juan = key({ viewer: { email: 'juan@example.com', firstName: 'Juan' }, cartCount: 3 });
    const maria = key({ viewer: { email: 'maria@example.com', firstName: 'Maria' }, cartCount: 0 });
    expect(juan).not.toBeNull();
    expect(juan).toBe(maria);
    expect(juan).not.toContain('juan');
  });

  it('differs between a visitor and a customer (buttons act differently for each)', () => {
    expect(key({ viewer: null })).not.toBe(key({ viewer: { email: 'juan@example.com', firstName: 'Juan' } }));
  });

  it('changes with any change to the page routes\' loader data: a price, the stock, a watchlist mark', () => {
    const before = key({});
    expect(key({ product: { ...PRODUCT, price: 900 } })).not.toBe(before);
    expect(key({ product: { ...PRODUCT, stock: 0 } })).not.toBe(before);
    const { request, context } = page({});
    (context.staticHandlerContext.loaderData['routes/product'] as { isInWatchlist: boolean }).isInWatchlist = true;
    expect(mainFragmentKey(request, context)).not.toBe(before);
  });

  it('changes with the URL, query included', () => {
    expect(key({ url: '/product/UHJvZHVjdDox?variant=2' })).not.toBe(key({}));
  });

  it('is refused for a route that did not opt in, a POST, an error status and an action\'s answer', () => {
    expect(key({ optIn: false })).toBeNull();
    expect(key({ method: 'POST' })).toBeNull();
    expect(key({ statusCode: 404 })).toBeNull();
    expect(key({ actionData: { 'routes/product': { ok: true } } })).toBeNull();
  });

  it('is refused when the loader data holds something JSON would not show whole (deferred data)', () => {
    expect(key({ product: { ...PRODUCT, reviews: Promise.resolve([]) } })).toBeNull();
    expect(plainJsonDigest({ at: new Map() })).toBeNull();
    expect(plainJsonDigest({ a: [1, { b: 'c' }], d: null })).toMatch(/^[\w-]{43}$/);
  });
});

describe('the markup stored', () => {
  const shell = (inner: string) => `<html><body><header>Juan</header>${MAIN_OPEN}${inner}</main><footer></footer></body></html>`;

  it('is what stands inside the one <main>', () => {
    expect(mainInnerHtml(shell('<h1>Phone</h1><!--$--><p>done</p><!--/$-->'))).toBe('<h1>Phone</h1><!--$--><p>done</p><!--/$-->');
  });

  it('is refused while a Suspense boundary was still pending or failed, or when <main> is not alone', () => {
    expect(mainInnerHtml(shell('<!--$?--><template id="B:0"></template><!--/$-->'))).toBeNull();
    expect(mainInnerHtml(shell('<!--$!--><!--/$-->'))).toBeNull();
    expect(mainInnerHtml(shell('<main>nested</main>'))).toBeNull();
    expect(mainInnerHtml('<html><body>no main</body></html>')).toBeNull();
  });

  it('is stored from the rendered stream, cut at the nonce, and served with the next request\'s nonce', async () => {
    const store = createMainFragmentStore();
    const first = page({ viewer: { email: 'juan@example.com', firstName: 'Juan' } });
    const plan = planMainFragment(first.request, first.context, 'nonceAAA', store);
    expect(plan).toEqual({ key: expect.any(String), html: null });
    const rendered: Buffer[] = [];
    await pipeline(
      Readable.from([Buffer.from(shell('<script nonce="nonceAAA">{}</script>').slice(0, 40)), Buffer.from(shell('<script nonce="nonceAAA">{}</script>').slice(40))]),
      captureMainFragment(plan!.key, 'nonceAAA', () => true, store),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) rendered.push(chunk);
      },
    );
    // The page itself passes through untouched.
    expect(Buffer.concat(rendered).toString()).toBe(shell('<script nonce="nonceAAA">{}</script>'));

    const next = page({ viewer: { email: 'maria@example.com', firstName: 'Maria' } });
    expect(planMainFragment(next.request, next.context, 'nonceBBB', store)).toEqual({ key: plan!.key, html: '<script nonce="nonceBBB">{}</script>' });
  });

  it('is not stored when the render failed', async () => {
    const store = createMainFragmentStore();
    const { request, context } = page({});
    const plan = planMainFragment(request, context, 'n1', store)!;
    await pipeline(Readable.from([Buffer.from(shell('<p>half</p>'))]), captureMainFragment(plan.key, 'n1', () => false, store), new PassThrough().resume());
    expect(planMainFragment(request, context, 'n2', store)?.html).toBeNull();
  });
});
