import { describe, expect, it } from 'vitest';
import type { Session } from './session';
import { createSessionCache } from './session-cache';

const sessionOf = (id: number) => ({ user: { id, email: `shopper${id}@example.com` }, row: { id, email: `shopper${id}@example.com`, firstName: 'Juan', lastName: 'Dela Cruz' } }) as unknown as Session;

describe('createSessionCache', () => {
  it('keeps at most its budget in bytes, forgetting the least recently used session first', async () => {
    const cache = createSessionCache(() => 1_000, 32 * 1024);
    cache.start();
    let checks = 0;
    const check = (id: number) => async () => {
      checks += 1;
      return { session: sessionOf(id), expiresAtMs: 10_000_000 };
    };
    for (let id = 1; id <= 1000; id++) await cache.session(`token-${id}`, check(id));
    // About 1.4 KB a session: some twenty kept, not a thousand.
    expect(cache.size()).toBeGreaterThan(5);
    expect(cache.size()).toBeLessThan(40);
    checks = 0;
    await cache.session('token-1000', check(1000));
    expect(checks).toBe(0);
    await cache.session('token-1', check(1));
    expect(checks).toBe(1);
    // A user's change still drops exactly their sessions.
    cache.changed('1000');
    await cache.session('token-1000', check(1000));
    expect(checks).toBe(2);
  });
});
