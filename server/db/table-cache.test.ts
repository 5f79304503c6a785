import { describe, expect, it } from 'vitest';
import type { Database } from './client';
import { createTableCache } from './table-cache';

// Only identity matters to the cache: the database it keeps reads of, or a transaction.
const root = {} as Database;
const transaction = {} as Database;

/** A loader counting its reads, answering the current value of `source`. */
function counter(source: { value: string }) {
  const loader = Object.assign(async () => {
    loader.reads += 1;
    return source.value;
  }, { reads: 0 });
  return loader;
}

function started(now?: () => number) {
  const cache = createTableCache(root, now);
  cache.start();
  return cache;
}

describe('table cache', () => {
  it('reads once until one of the tables changes, then reads again', async () => {
    const cache = started();
    const source = { value: 'pickup' };
    const load = counter(source);
    expect(await cache.read(root, 'methods', ['shipping_methods'], load)).toBe('pickup');
    expect(await cache.read(root, 'methods', ['shipping_methods'], load)).toBe('pickup');
    expect(load.reads).toBe(1);

    cache.changed('products'); // another table: kept
    expect(await cache.read(root, 'methods', ['shipping_methods'], load)).toBe('pickup');
    expect(load.reads).toBe(1);

    source.value = 'delivery';
    cache.changed('shipping_methods');
    expect(await cache.read(root, 'methods', ['shipping_methods'], load)).toBe('delivery');
    expect(load.reads).toBe(2);
  });

  it('drops everything when the listener reconnected', async () => {
    const cache = started();
    const source = { value: 'a' };
    const load = counter(source);
    await cache.read(root, 'k', ['gateway_settings'], load);
    source.value = 'b';
    cache.changed('');
    expect(await cache.read(root, 'k', ['gateway_settings'], load)).toBe('b');
  });

  it('does not keep a value read while its table changed', async () => {
    const cache = started();
    const source = { value: 'old' };
    let finish: () => void = () => undefined;
    const slow = async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return source.value === 'new' ? 'old' : source.value; // read before the change committed
    };
    const pending = cache.read(root, 'k', ['checkout_settings'], slow);
    source.value = 'new';
    cache.changed('checkout_settings');
    finish();
    expect(await pending).toBe('old'); // its caller asked before the change: fine for it
    const load = counter(source);
    expect(await cache.read(root, 'k', ['checkout_settings'], load)).toBe('new');
    expect(load.reads).toBe(1);
  });

  it('never keeps what a transaction read, and serves it what the database read', async () => {
    const cache = started();
    const source = { value: 'uncommitted' };
    const load = counter(source);
    expect(await cache.read(transaction, 'k', ['shipping_zones'], load)).toBe('uncommitted');
    source.value = 'committed';
    expect(await cache.read(root, 'k', ['shipping_zones'], load)).toBe('committed');
    expect(await cache.read(transaction, 'k', ['shipping_zones'], load)).toBe('committed');
    expect(load.reads).toBe(2);
  });

  it('keeps no failed read', async () => {
    const cache = started();
    let fail = true;
    const load = async () => {
      if (fail) throw new Error('connection lost');
      return 'ok';
    };
    await expect(cache.read(root, 'k', ['t'], load)).rejects.toThrow('connection lost');
    fail = false;
    expect(await cache.read(root, 'k', ['t'], load)).toBe('ok');
  });

  it('reads through until started, and again after its time to live', async () => {
    let clock = 0;
    const cache = createTableCache(root, () => clock);
    const source = { value: 'x' };
    const load = counter(source);
    await cache.read(root, 'k', ['t'], load);
    await cache.read(root, 'k', ['t'], load);
    expect(load.reads).toBe(2); // not listening yet: nothing kept
    cache.start();
    await cache.read(root, 'k', ['t'], load);
    await cache.read(root, 'k', ['t'], load);
    expect(load.reads).toBe(3);
    clock += 61_000;
    await cache.read(root, 'k', ['t'], load);
    expect(load.reads).toBe(4);
  });
});
