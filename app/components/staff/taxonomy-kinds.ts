// The three lists /staff/categories, /staff/brands and /staff/collections share one screen.

export type TaxonomyKind = 'categories' | 'brands' | 'collections';

export const TAXONOMY_KINDS: Record<TaxonomyKind, { title: string; singular: string }> = {
  categories: { title: 'Categories', singular: 'category' },
  brands: { title: 'Brands', singular: 'brand' },
  collections: { title: 'Collections', singular: 'collection' },
};

export function kindOf(url: URL): TaxonomyKind {
  const last = url.pathname.split('/').filter(Boolean).at(-1);
  return last === 'brands' || last === 'collections' ? last : 'categories';
}
