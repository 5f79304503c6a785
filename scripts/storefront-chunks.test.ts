import { describe, expect, it } from 'vitest';
import { planChunks, type ModuleGraph } from './storefront-chunks';

const route = (name: string) => `/shop/app/routes/${name}.tsx?__react-router-build-client-route`;
const ROOT = '/shop/app/root.tsx?__react-router-build-client-route';
const ENTRY = '/shop/node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx';

function graphOf(imports: Record<string, string[]>): ModuleGraph {
  return { getModuleInfo: (id) => (id in imports ? { importedIds: imports[id]! } : { importedIds: [] }) };
}
const isFramework = (id: string) => id.includes('node_modules/react');

describe('planChunks', () => {
  const graph = graphOf({
    [ENTRY]: ['node_modules/react-dom', 'app/lib/nonce.ts'],
    [ROOT]: ['app/components/Header.tsx', 'node_modules/react'],
    'app/components/Header.tsx': ['app/lib/money.ts'],
    [route('home')]: ['app/components/ProductCard.tsx', 'app/components/Tiles.tsx', 'app/lib/money.ts'],
    [route('shop')]: ['app/components/ProductCard.tsx', 'app/components/Breadcrumbs.tsx'],
    [route('product')]: ['app/components/Breadcrumbs.tsx', 'app/components/StarRating.tsx'],
    [route('account-watchlist')]: ['app/components/StarRating.tsx'],
    [route('staff-products')]: ['app/components/ProductCard.tsx'],
    'app/components/ProductCard.tsx': ['app/components/PriceDisplay.tsx', 'node_modules/react'],
    'app/components/Breadcrumbs.tsx': ['app/components/StarRating.tsx'],
  });
  const plan = planChunks([ENTRY, ROOT], [route('home'), route('shop'), route('product'), route('account-watchlist'), route('staff-products')], graph, isFramework);

  it('puts everything the root and the entry import in the shell, the framework aside', () => {
    expect(plan.get('app/components/Header.tsx')).toBe('shell');
    expect(plan.get('app/lib/money.ts')).toBe('shell');
    expect(plan.get('app/lib/nonce.ts')).toBe('shell');
    expect(plan.has('node_modules/react')).toBe(false);
  });

  it('leaves the entry points in their own chunks (the client entry runs the hydration when imported)', () => {
    expect(plan.has(ENTRY)).toBe(false);
    expect(plan.has(ROOT)).toBe(false);
  });

  it('shares in the catalogue chunk only what the catalogue pages alone use, the back office aside', () => {
    expect(plan.get('app/components/ProductCard.tsx')).toBe('catalogue');
    expect(plan.get('app/components/PriceDisplay.tsx')).toBe('catalogue');
  });

  it('leaves to the bundler what another storefront page uses, and what imports it', () => {
    // StarRating is the watchlist's too; Breadcrumbs would drag it into the catalogue chunk.
    expect(plan.has('app/components/StarRating.tsx')).toBe(false);
    expect(plan.has('app/components/Breadcrumbs.tsx')).toBe(false);
  });

  it('leaves a module of one page in that page', () => {
    expect(plan.has('app/components/Tiles.tsx')).toBe(false);
  });
});
