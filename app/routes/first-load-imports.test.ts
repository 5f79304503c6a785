// Issue 14's JavaScript budget (≤ 150 KB gzipped on a storefront page's first load): zod alone
// is 23 KB gzipped. It came back once through one shared constant's module (installment
// factors, imported by display.ts); this walks the static imports of the busiest pages and
// fails when one of them reaches zod again. Lazy `import()`s and type-only imports are not
// followed: they do not load with the page.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolve(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  if (existsSync(base) && /\.(ts|tsx)$/.test(base)) return base;
  return EXTENSIONS.map((ext) => base + ext).find((file) => existsSync(file)) ?? null;
}

/** The path of relative imports from `entry` to the first module importing `pkg`, or null. */
function pathTo(entry: string, pkg: string): string[] | null {
  const seen = new Set<string>();
  const walk = (file: string, trail: string[]): string[] | null => {
    if (seen.has(file)) return null;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (!specifier) continue;
      if (specifier === pkg || specifier.startsWith(`${pkg}/`)) return [...trail, file];
      if (!specifier.startsWith('.') || specifier.endsWith('.server') || specifier.includes('.server.')) continue;
      const next = resolve(file, specifier);
      const found = next ? walk(next, [...trail, file]) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(entry, []);
}

const here = path.dirname(new URL(import.meta.url).pathname);
const PAGES = ['../root.tsx', 'home.tsx', 'shop.tsx', 'product.tsx', 'tire-search.tsx', 'cart.tsx'];

describe('first-load imports of storefront pages', () => {
  it.each(PAGES)('%s does not load zod with the page', (page) => {
    const trail = pathTo(path.join(here, page), 'zod');
    expect(trail?.map((f) => path.relative(here, f))).toBeUndefined();
  });
});
