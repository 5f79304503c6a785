import { Link } from 'react-router';
import { ProductImage } from './ProductImage';
import type { TileData } from './types';

/** Brand tile: links to the brand's shop page. */
export function BrandTile({ brand }: { brand: TileData }) {
  return (
    <Link
      to={`/shop/brand/${encodeURIComponent(brand.id)}`}
      className="flex h-full flex-col items-center justify-center gap-1.5 rounded-lg border border-gray-200 bg-white p-2 text-center transition-shadow hover:border-secondary hover:shadow-md sm:gap-2 sm:p-3"
    >
      <ProductImage image={brand.image} fallbackAlt={`${brand.name} logo`} size={96} className="h-14 w-14 rounded-md sm:h-20 sm:w-20" />
      <span className="text-xs font-semibold sm:text-sm">{brand.name}</span>
    </Link>
  );
}

/** Category tile: its picture as a cover, the name under it; links to the category's shop page. */
export function CategoryTile({ category }: { category: TileData }) {
  return (
    <Link
      to={`/shop/category/${encodeURIComponent(category.id)}`}
      className="group flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white text-center transition-shadow hover:border-secondary hover:shadow-md"
    >
      {/* A fixed 3:1 box (the seeded pictures' shape), tinted until the picture arrives. */}
      <span className="block aspect-[3/1] w-full bg-gradient-to-br from-gray-100 to-gray-200">
        <ProductImage image={category.image} fallbackAlt={category.name} size={255} className="h-full w-full" decorative />
      </span>
      <span className="px-2 py-2 text-sm font-semibold group-hover:text-secondary-dark">{category.name}</span>
    </Link>
  );
}

export function TileGrid({ children, kind = 'brand' }: { children: React.ReactNode; kind?: 'category' | 'brand' }) {
  return (
    <ul className={`grid grid-cols-2 gap-3 ${kind === 'category' ? 'sm:grid-cols-3 lg:grid-cols-4' : 'sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6'}`}>
      {children}
    </ul>
  );
}

export const TILE_SUBTITLE = 'The best deals for you!';

/** /categories and /brands: header, the rulebook's subtitle and a tile grid. */
export function TilePage({ title, kind, tiles }: { title: string; kind: 'category' | 'brand'; tiles: TileData[] }) {
  return (
    <section className="container-page py-8">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-gray-600">{TILE_SUBTITLE}</p>
      <div className="mt-6">
        <TileGrid kind={kind}>
          {tiles.map((t) => (
            <li key={t.id}>{kind === 'category' ? <CategoryTile category={t} /> : <BrandTile brand={t} />}</li>
          ))}
        </TileGrid>
      </div>
    </section>
  );
}
