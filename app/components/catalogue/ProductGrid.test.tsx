import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProductGrid } from './ProductCard';
import type { ProductCardData } from './types';

const products: ProductCardData[] = Array.from({ length: 8 }, (_, i) => ({
  id: `UHJvZHVjdDo${i}`,
  name: `Phone ${i}`,
  brandName: 'Suki',
  isPreOrder: false,
  thumbnail: { url: `/media/p/${i}/255.webp`, alt: `Phone ${i}`, width: 255, height: 255, srcSet: null },
  pricing: null,
  rating: null,
}));

/** How each card's picture is asked for, in the grid's order. */
function pictures(grid: React.ReactElement) {
  const router = createMemoryRouter([{ path: '/', element: grid }]);
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  return [...html.matchAll(/<img [^>]*>/g)].map(([img]) => ({
    loading: /loading="(\w+)"/.exec(img)?.[1],
    high: /fetchPriority="high"/i.test(img),
  }));
}

describe('ProductGrid', () => {
  it("fetches a listing's first screen of pictures eagerly, at high priority", () => {
    const seen = pictures(<ProductGrid products={products} />);
    expect(seen.slice(0, 6)).toEqual(Array(6).fill({ loading: 'eager', high: true }));
    expect(seen.slice(6)).toEqual(Array(2).fill({ loading: 'lazy', high: false }));
  });

  it("leaves a grid below the fold (a product page's related cards) to load lazily, at normal priority", () => {
    expect(pictures(<ProductGrid products={products} eagerCards={0} />)).toEqual(Array(8).fill({ loading: 'lazy', high: false }));
  });
});
