// The JavaScript budget (≤ 150 KB gzipped on a storefront page's first load): zod alone
// is 23 KB gzipped. It came back once through one shared constant's module (installment
// factors, imported by display.ts); the account and checkout forms load their schemas on submit
// (app/lib/form-schemas.ts) and their actions validate in `*.server.ts` modules. This walks the
// static imports of every storefront page and fails when one of them reaches zod again. Lazy
// `import()`s, type-only imports and `.server` modules (never in the browser build) are not
// followed: they do not load with the page. /verify and /reset are left out: their actions
// import their schema in the route module, which React Router drops from the browser build
// (their forms check nothing, or load the rules on submit); bench/js-budget.ts measures them.
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
const PAGES = [
  '../root.tsx',
  'home.tsx',
  'shop.tsx',
  'product.tsx',
  'tire-search.tsx',
  'cart.tsx',
  'checkout.tsx',
  'account.tsx',
  'account-dashboard.tsx',
  'account-orders.tsx',
  'account-order-details.tsx',
  'account-watchlist.tsx',
  'account-panel.tsx',
  'payment.tsx',
  'card-new.tsx',
  'categories.tsx',
  'brands.tsx',
  'terms-conditions.tsx',
  'privacy-policy.tsx',
  'faqs.tsx',
  'about.tsx',
  'trade-in.tsx',
  'faq-trade-in.tsx',
  'about-trade-in.tsx',
  'plans-signup.tsx',
  'not-found.tsx',
];

describe('first-load imports of storefront pages', () => {
  it.each(PAGES)('%s does not load zod with the page', (page) => {
    const trail = pathTo(path.join(here, page), 'zod');
    expect(trail?.map((f) => path.relative(here, f))).toBeUndefined();
  });
});
