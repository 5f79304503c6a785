import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { documentCaches } from './yoga';

describe("Yoga's document caches", () => {
  it('hold at most their budget, however many distinct documents are asked', () => {
    const { documentCache, errorCache } = documentCaches(1024 * 1024);
    for (let i = 0; i < 1000; i++) {
      const source = `query Q${i} { ${Array.from({ length: 20 }, (_, j) => `a${j}: product(id: "${i}-${j}") { id name }`).join(' ')} }`;
      documentCache.set(source, parse(source));
      errorCache.set(`{ broken ${i}`, new Error('Syntax Error'));
    }
    expect(documentCache.calculatedSize).toBeLessThanOrEqual(0.9 * 1024 * 1024);
    expect(errorCache.calculatedSize).toBeLessThanOrEqual(0.1 * 1024 * 1024);
    expect(documentCache.size).toBeLessThan(1000);
    expect(documentCache.size).toBeGreaterThan(0);
  });
});
