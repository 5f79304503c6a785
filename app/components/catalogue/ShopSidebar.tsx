import * as Slider from '@radix-ui/react-slider';
import { useState } from 'react';
import { Link, useFetcher, useNavigate, useSearchParams } from 'react-router';
import { parsePriceFilter, PRICE_SLIDER, priceSliderLabel } from '../../../common/catalogue/product-rules';
import type { PageInfo } from '../../graphql/catalogue';
import type { SidebarItem } from '../../graphql/catalogue-shop';

/** The query, minPrice and maxPrice parameters, which filter links keep (spec 1 route table). */
export function keptParams(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of ['query', 'minPrice', 'maxPrice']) {
    const value = params.get(key);
    if (value) kept.set(key, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

export type SidebarList = { items: SidebarItem[]; pageInfo: PageInfo };

type SidebarProps = {
  pathname: string;
  categories: SidebarList;
  brands: SidebarList;
  activeId: string | null;
};

/** Filter sidebar: price range, categories and brands (6 per Show More); MENU/CLOSE on mobile. */
export function ShopSidebar({ pathname, categories, brands, activeId }: SidebarProps) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button
        type="button"
        className="btn-outline w-full md:hidden"
        aria-expanded={open}
        aria-controls="shop-filters"
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'CLOSE' : 'MENU'}
      </button>
      <aside id="shop-filters" aria-label="Filters" className={`${open ? 'block' : 'hidden'} mt-3 space-y-6 md:mt-0 md:block`}>
        <PriceFilter />
        <FilterList title="Categories" kind="category" pathname={pathname} initial={categories} activeId={activeId} />
        <FilterList title="Brands" kind="brand" pathname={pathname} initial={brands} activeId={activeId} />
      </aside>
    </div>
  );
}

function PriceFilter() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const applied = parsePriceFilter(params.get('minPrice'), params.get('maxPrice'));
  const [range, setRange] = useState<number[]>([applied?.minPrice ?? PRICE_SLIDER.min, applied?.maxPrice ?? PRICE_SLIDER.max]);

  function apply() {
    const next = new URLSearchParams(params);
    next.delete('after');
    next.set('minPrice', String(range[0]));
    next.set('maxPrice', String(range[1]));
    void navigate({ search: `?${next.toString()}` });
  }
  function clear() {
    const next = new URLSearchParams(params);
    next.delete('minPrice');
    next.delete('maxPrice');
    setRange([PRICE_SLIDER.min, PRICE_SLIDER.max]);
    void navigate({ search: next.toString() ? `?${next.toString()}` : '' });
  }

  return (
    <section aria-labelledby="price-filter">
      <h2 id="price-filter" className="text-sm font-bold uppercase tracking-wide">
        Price
      </h2>
      <Slider.Root
        className="relative mt-4 flex h-5 w-full touch-none select-none items-center"
        min={PRICE_SLIDER.min}
        max={PRICE_SLIDER.max}
        step={PRICE_SLIDER.step}
        minStepsBetweenThumbs={1}
        value={range}
        onValueChange={setRange}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-gray-200">
          <Slider.Range className="absolute h-full rounded-full bg-secondary" />
        </Slider.Track>
        <Slider.Thumb aria-label="Minimum price" className="block h-5 w-5 rounded-full border-2 border-secondary bg-white shadow" />
        <Slider.Thumb aria-label="Maximum price" className="block h-5 w-5 rounded-full border-2 border-secondary bg-white shadow" />
      </Slider.Root>
      <p className="mt-2 flex justify-between text-sm text-gray-700">
        <span>{priceSliderLabel(range[0])}</span>
        <span>{priceSliderLabel(range[1])}</span>
      </p>
      <div className="mt-2 flex gap-2">
        <button type="button" className="btn-secondary flex-1" onClick={apply}>
          Filter
        </button>
        {applied ? (
          <button type="button" className="btn-outline" onClick={clear}>
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
  activeId,
}: {
  title: string;
  kind: 'category' | 'brand';
  pathname: string;
  initial: SidebarList;
  activeId: string | null;
}) {
  const [params] = useSearchParams();
  const fetcher = useFetcher<{ mode: string; list?: SidebarList }>();
  const [items, setItems] = useState(initial.items);
  const [pageInfo, setPageInfo] = useState(initial.pageInfo);
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const list = fetcher.data?.list;
    if (list) {
      setItems((current) => [...current, ...list.items.filter((i) => !current.some((c) => c.id === i.id))]);
      setPageInfo(list.pageInfo);
    }
  }
  const keep = keptParams(params);
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
              to={`/shop/${kind}/${encodeURIComponent(item.id)}${keep}`}
              aria-current={item.id === activeId ? 'page' : undefined}
              className={`block rounded px-2 py-1 hover:bg-gray-100 ${item.id === activeId ? 'bg-secondary-light font-semibold text-secondary-dark' : ''}`}
            >
              {item.name}
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
