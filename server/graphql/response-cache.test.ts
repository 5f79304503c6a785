import { defaultBuildResponseCacheKey } from '@envelop/response-cache';
import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { LISTING_TAG } from './answer-entities';
import { catalogueChangeTable, catalogueChangeTags, createBoundedStore, createChangeLog, responseCacheKey, stableStringify } from './response-cache';

describe('responseCacheKey', () => {
  const params = {
    documentString: 'query Product($id: ID!) { product(id: $id) { id name } }',
    operationName: 'Product',
    variableValues: { id: 'UHJvZHVjdDox', filter: { b: 2, a: [1, { d: null, c: 'x' }] } },
    sessionId: null,
    context: {},
  };

  it('is the key the plugin builds by default, computed without an asynchronous digest', async () => {
    const key = responseCacheKey(params);
    expect(typeof key).toBe('string');
    expect(key).toBe(await defaultBuildResponseCacheKey(params));
    expect(responseCacheKey({ ...params, operationName: undefined, variableValues: undefined })).toBe(
      await defaultBuildResponseCacheKey({ ...params, operationName: undefined, variableValues: undefined }),
    );
  });

  it('does not depend on the order of the variables, and tells different variables apart', () => {
    const reordered = { ...params, variableValues: { filter: { a: [1, { c: 'x', d: null }], b: 2 }, id: 'UHJvZHVjdDox' } };
    expect(responseCacheKey(reordered)).toBe(responseCacheKey(params));
    expect(responseCacheKey({ ...params, variableValues: { id: 'UHJvZHVjdDoy' } })).not.toBe(responseCacheKey(params));
    expect(responseCacheKey({ ...params, sessionId: 'someone' })).not.toBe(responseCacheKey(params));
  });
});

describe('stableStringify', () => {
  it('writes JSON with sorted keys, dropping undefined members as JSON.stringify does', () => {
    expect(stableStringify({ b: 1, a: { d: undefined, c: [undefined, 'x'] } })).toBe('{"a":{"c":[null,"x"]},"b":1}');
    expect(JSON.parse(stableStringify({ z: 1, y: [true, null] })!)).toEqual({ z: 1, y: [true, null] });
  });
});

describe('the response cache store', () => {
  const answer = (name: string) => ({ data: { product: { id: 'UHJvZHVjdDox', name: `${name} ${'x'.repeat(1000)}` } } });

  it('holds at most its budget in bytes, the least recently used answer going first', async () => {
    const store = createBoundedStore(64 * 1024);
    for (let i = 0; i < 100; i++) await store.set(`g0:${i}`, answer(`Phone ${i}`), [{ typename: 'Product', id: i }], 60_000);
    expect(store.bytes()).toBeLessThanOrEqual(64 * 1024);
    expect(store.has('g0:0')).toBe(false);
    expect(store.has('g0:99')).toBe(true);
    expect(await store.get('g0:99')).toEqual(answer('Phone 99'));
  });

  it('gives each hit its own copy', async () => {
    const store = createBoundedStore(64 * 1024);
    await store.set('g0:a', answer('Phone'), [], 60_000);
    const first = (await store.get('g0:a')) as ReturnType<typeof answer>;
    first.data.product.name = 'changed';
    expect(((await store.get('g0:a')) as ReturnType<typeof answer>).data.product.name).toMatch(/^Phone /);
  });

  it('drops the answers holding an entity a mutation changed, and forgets evicted answers\' entities', async () => {
    const store = createBoundedStore(64 * 1024);
    await store.set('g0:a', answer('A'), [{ typename: 'Product', id: 1 }, { typename: 'Brand', id: 7 }], 60_000);
    await store.set('g0:b', answer('B'), [{ typename: 'Product', id: 2 }], 60_000);
    await store.invalidate([{ typename: 'Product', id: 1 }]);
    expect(store.has('g0:a')).toBe(false);
    expect(store.has('g0:b')).toBe(true);
    await store.invalidate([{ typename: 'Product' }]);
    expect(store.has('g0:b')).toBe(false);
    // An answer bigger than the whole budget is not kept (and nothing of it stays behind).
    const tiny = createBoundedStore(512);
    await tiny.set('g0:big', answer('Big'), [{ typename: 'Product', id: 3 }], 60_000);
    expect(tiny.has('g0:big')).toBe(false);
    expect(tiny.bytes()).toBe(0);
  });
});

describe('a change to one product (ADR 053)', () => {
  it('names what it makes stale from the notification, or nothing narrower than everything', () => {
    const product = `Product:${encodeGlobalID('Product', '12')}`;
    expect(catalogueChangeTags('product_variants:12:34')).toEqual([product, `ProductVariant:${encodeGlobalID('ProductVariant', '34')}`]);
    expect(catalogueChangeTags('products:12')).toEqual([product, LISTING_TAG]);
    expect(catalogueChangeTags('search_terms')).toEqual([LISTING_TAG]);
    for (const payload of ['products', 'product_variants', 'brands', '', 'products:x', 'product_variants:12']) expect(catalogueChangeTags(payload)).toBeNull();
    expect(['products:12', 'product_variants:12:34', 'brands', ''].map(catalogueChangeTable)).toEqual(['products', 'product_variants', 'brands', '']);
  });

  it('drops the answers holding a tag and keeps the others', () => {
    const store = createBoundedStore(1_000_000);
    store.setText('a', '{"data":1}', 60_000, ['Product:A', LISTING_TAG]);
    store.setText('b', '{"data":2}', 60_000, ['Product:B']);
    expect([...store.tagsOf('a')!].sort()).toEqual([LISTING_TAG, 'Product:A']);
    store.drop(['Product:A']);
    expect([store.has('a'), store.has('b')]).toEqual([false, true]);
    expect(store.tagsOf('a')).toBeNull();
  });

  it('stores an answer computed meanwhile only if no change since touched what it shows', () => {
    const log = createChangeLog();
    const started = log.seq();
    expect(log.untouchedSince(started, new Set(['Product:A']))).toBe(true);
    log.add(['Product:B']);
    expect(log.untouchedSince(started, new Set(['Product:A']))).toBe(true);
    // What it shows is not known: any change counts.
    expect(log.untouchedSince(started, null)).toBe(false);
    log.add(['Product:A']);
    expect(log.untouchedSince(started, new Set(['Product:A']))).toBe(false);
    expect(log.untouchedSince(log.seq(), new Set(['Product:A']))).toBe(true);
  });

  it('refuses to judge an answer older than the changes it remembers', () => {
    const log = createChangeLog();
    for (let i = 0; i < 300; i += 1) log.add([`Product:${i}`]);
    expect(log.untouchedSince(0, new Set(['Product:none']))).toBe(false);
    expect(log.untouchedSince(log.seq() - 10, new Set(['Product:none']))).toBe(true);
  });
});
