import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { parsePriceFilter, PRICE_SLIDER, priceSliderLabel } from '../../../common/catalogue/product-rules';
import type { PageInfo } from '../../graphql/catalogue';
import type { SidebarItem } from '../../graphql/catalogue-shop';
import { filterHref, type ShopFilters } from './shop-url';
import { useMoreList } from './useMoreList';

export type SidebarList = { items: SidebarItem[]; pageInfo: PageInfo };

type SidebarProps = {
  pathname: string;
  categories: SidebarList;
  brands: SidebarList;
  /** The chosen category and brand: a link keeps the other one. */
  active: ShopFilters;
  /** Shown on phones when MENU is open (the shop page holds the MENU/CLOSE toggle). */
  open: boolean;
};

/** Filter sidebar: price range, categories and brands (6 per Show More). */
export function ShopSidebar({ pathname, categories, brands, active, open }: SidebarProps) {
  return (
    <aside id="shop-filters" aria-label="Filters" className={`${open ? 'block' : 'hidden'} space-y-6 md:block`}>
      <PriceFilter />
      <FilterList title="Categories" kind="category" pathname={pathname} initial={categories} active={active} />
      <FilterList title="Brands" kind="brand" pathname={pathname} initial={brands} active={active} />
    </aside>
  );
}

const percent = (pesos: number) => ((pesos - PRICE_SLIDER.min) / (PRICE_SLIDER.max - PRICE_SLIDER.min)) * 100;

function PriceFilter() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applied = parsePriceFilter(params.get('minPrice'), params.get('maxPrice'));
  const [range, setRange] = useState<number[]>([applied?.minPrice ?? PRICE_SLIDER.min, applied?.maxPrice ?? PRICE_SLIDER.max]);

  /** Applies a range, or clears it with null; either starts the list again. */
  function go(next: number[] | null) {
    const search = new URLSearchParams(params);
    for (const key of ['more', 'after', 'minPrice', 'maxPrice']) search.delete(key);
    if (next) {
      search.set('minPrice', String(next[0]));
      search.set('maxPrice', String(next[1]));
    } else setRange([PRICE_SLIDER.min, PRICE_SLIDER.max]);
    const text = search.toString();
    void navigate({ search: text ? `?${text}` : '' });
  }

  return (
    <section aria-labelledby="price-filter">
      <h2 id="price-filter" className="text-sm font-bold uppercase tracking-wide">
        Price
      </h2>
      {/* Two native range inputs on one track (the range-thumbs utility): no slider library. */}
      <div className="relative mt-4 h-5">
        <div className="absolute inset-x-0 top-[7px] h-1.5 rounded-full bg-gray-200" />
        <div
          className="absolute top-[7px] h-1.5 rounded-full bg-secondary"
          style={{ left: `${percent(range[0])}%`, right: `${100 - percent(range[1])}%` }}
        />
        {(['Minimum price', 'Maximum price'] as const).map((label, i) => (
          <input
            key={label}
            type="range"
            aria-label={label}
            aria-valuetext={priceSliderLabel(range[i]!)}
            min={PRICE_SLIDER.min}
            max={PRICE_SLIDER.max}
            step={PRICE_SLIDER.step}
            value={range[i]}
            onChange={(e) => {
              // The thumbs keep one step apart.
              const value = Number(e.target.value);
              setRange(i === 0 ? [Math.min(value, range[1]! - PRICE_SLIDER.step), range[1]!] : [range[0]!, Math.max(value, range[0]! + PRICE_SLIDER.step)]);
            }}
            // The minimum thumb on top near the right end, where both would overlap.
            className={`range-thumbs ${i === 0 && range[0]! > PRICE_SLIDER.max / 2 ? 'z-10' : ''}`}
          />
        ))}
      </div>
      <p className="mt-2 flex justify-between text-sm text-gray-700">
        <span>{priceSliderLabel(range[0])}</span>
        <span>{priceSliderLabel(range[1])}</span>
      </p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-secondary flex-1" onClick={() => go(range)}>
          Filter
        </button>
        {applied ? (
          <button type="button" className="btn-outline" onClick={() => go(null)}>
            Clear
          </button>
        ) : null}
      </div>
    </section>
  );
}

function FilterList({
  title,
  kind,
  pathname,
  initial,
  active,
}: {
  title: string;
  kind: 'category' | 'brand';
  pathname: string;
  initial: SidebarList;
  active: ShopFilters;
}) {
  const [params] = useSearchParams();
  const { items, pageInfo, fetcher } = useMoreList(initial, 'list');
  const activeId = kind === 'category' ? active.categoryId : active.brandId;
  const headingId = `filter-${kind}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-sm font-bold uppercase tracking-wide">
        {title}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {items.map((item) => (
          <li key={item.id}>
            <Link
              to={filterHref(kind, item.id, active, params)}
              aria-current={item.id === activeId ? 'true' : undefined}
              className={`flex justify-between rounded px-2 py-1 hover:bg-gray-100 ${item.id === activeId ? 'bg-secondary-light font-semibold text-secondary-dark' : ''}`}
            >
              {item.name}
              {/* Chosen again, it is removed: the other filters stay. */}
              {item.id === activeId ? (
                <>
                  <span className="sr-only">, remove</span>
                  <span aria-hidden="true">✕</span>
                </>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {pageInfo.hasNextPage && pageInfo.endCursor ? (
        <button
          type="button"
          className="mt-1 px-2 text-sm font-semibold text-secondary-dark underline disabled:opacity-50"
          disabled={fetcher.state !== 'idle'}
          onClick={() =>
            fetcher.load(`${pathname}?more=${kind === 'category' ? 'categories' : 'brands'}&after=${encodeURIComponent(pageInfo.endCursor ?? '')}`)
          }
        >
          {fetcher.state !== 'idle' ? 'Loading' : 'Show More'}
        </button>
      ) : null}
    </section>
  );
}
