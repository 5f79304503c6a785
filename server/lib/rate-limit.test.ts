import { describe, expect, it } from 'vitest';
import { createLimiter, memoryStoreFor } from './rate-limit';

describe('in-process rate-limit counters', () => {
  it('count as rate-limiter-flexible does, and forget the least recent key beyond their budget', async () => {
    const config = { memory: { rateLimitBytes: 64 * 1024 } } as Parameters<typeof memoryStoreFor>[0];
    const store = memoryStoreFor(config);
    expect(memoryStoreFor(config)).toBe(store);
    const limiter = createLimiter(undefined, 'test', { points: 20, duration: 3600 }, store);

    // A flood of made-up keys, far more than 64 KB of counters, while one client keeps going.
    for (let i = 0; i < 2000; i++) {
      await limiter.consume(`made-up-${i}@example.com`);
      if (i % 100 === 0) await limiter.consume('hammering@example.com');
    }
    expect(store.calculatedSize).toBeLessThanOrEqual(64 * 1024);
    expect(store.size).toBeLessThan(500);
    // The one still hammering stayed recent, so its count was kept: 20 used, the 21st refused.
    await expect(limiter.consume('hammering@example.com')).rejects.toMatchObject({ consumedPoints: 21 });
    // The earliest made-up keys were forgotten (they start afresh); the latest are counted.
    await expect(limiter.consume('made-up-0@example.com')).resolves.toMatchObject({ consumedPoints: 1 });
    await expect(limiter.get('made-up-1999@example.com')).resolves.toMatchObject({ consumedPoints: 1 });
  });
});
