import { useState } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/shop';
import { parsePriceFilter } from '../../common/catalogue/product-rules';
import { Breadcrumbs, type Crumb } from '../components/catalogue/Breadcrumbs';
import { CARD_COLUMNS, ProductCard, ProductGrid } from '../components/catalogue/ProductCard';
import { ShopSidebar, type SidebarList } from '../components/catalogue/ShopSidebar';
import { keptParams, shopHref, sortByParam } from '../components/catalogue/shop-url';
import { SortSelect } from '../components/catalogue/SortSelect';
import { useMoreList } from '../components/catalogue/useMoreList';
import type { ProductCardData } from '../components/catalogue/types';
import { seoMeta } from '../components/catalogue/seo';
import { nodes, toCard, type Connection, type GqlProductCard, type PageInfo } from '../graphql/catalogue';
import {
  BestDealsQuery,
  ShopBrandQuery,
  ShopCategoryQuery,
  ShopProductsQuery,
  SidebarBrandsQuery,
  SidebarCategoriesQuery,
  type SidebarItem,
} from '../graphql/catalogue-shop';
import { notFound, query } from '../lib/api.server';
import { EmptyState } from '../components/layout/EmptyState';
import { SEARCH_MAX_LENGTH } from '../../common/validation/limits';

// docs/product/limits.md#fetch-sizes: shop page 20; sidebar categories and brands 6 per fetch; subcategory products 8 (6 narrow).
const SHOP_PAGE_SIZE = 20;
const SIDEBAR_PAGE_SIZE = 6;
const SUBCATEGORY_NARROW = 6;
const SHOP_TYPES = ['best-deals', 'category', 'brand'] as const;
type ShopType = (typeof SHOP_TYPES)[number];

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data || data.mode !== 'page') return [{ title: 'Shop | Suki' }];
  return seoMeta({ title: data.seo.title, description: data.seo.description, url: data.canonical });
};

const productList = (c: Connection<GqlProductCard> | null | undefined) => ({
  items: nodes(c).map(toCard),
  pageInfo: c?.pageInfo ?? { hasNextPage: false, endCursor: null },
  totalCount: c?.totalCount ?? null,
});

const sidebarList = (c: Connection<{ id: string; name: string | null }> | null | undefined): SidebarList => ({
  items: nodes(c).map((n): SidebarItem => ({ id: n.id, name: n.name ?? '' })),
  pageInfo: c?.pageInfo ?? { hasNextPage: false, endCursor: null },
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const type = (params.type ?? null) as ShopType | null;
  if (type != null && !SHOP_TYPES.includes(type)) notFound();
  const id = type && type !== 'best-deals' ? (params.id ?? null) : null;
  // A category and a brand combine: the category in the path, the brand beside it (shop-url.ts).
  const categoryId = type === 'category' ? id : type === 'brand' ? url.searchParams.get('category') : null;
  const brandId = type === 'brand' ? id : type === 'category' ? url.searchParams.get('brand') : null;
  const sortBy = type === 'best-deals' ? null : sortByParam(url.searchParams.get('sort'));
  const more = url.searchParams.get('more');
  const after = url.searchParams.get('after');
  // Load More and Show More fetch their list alone. A ?more= address opened as a page (a shared
  // or reloaded link; browsers say so in Sec-Fetch-Dest) gets the whole page: it was blank.
  const listOnly = request.headers.get('sec-fetch-dest') === 'empty';

  // Show More in the sidebar: the next 6 categories or brands.
  if (listOnly && more === 'categories') {
    const data = await query(context, SidebarCategoriesQuery, { first: SIDEBAR_PAGE_SIZE, after });
    return { mode: 'sidebar' as const, list: sidebarList(data.categories) };
  }
  if (listOnly && more === 'brands') {
    const data = await query(context, SidebarBrandsQuery, { first: SIDEBAR_PAGE_SIZE, after });
    return { mode: 'sidebar' as const, list: sidebarList(data.brands) };
  }

  // A longer query than the API accepts is cut, not refused: it came from a URL.
  const search = url.searchParams.get('query')?.trim().slice(0, SEARCH_MAX_LENGTH) || null;
  const price = parsePriceFilter(url.searchParams.get('minPrice'), url.searchParams.get('maxPrice'));
  const fetchProducts = async (cursor: string | null) => {
    if (type === 'best-deals') {
      return productList((await query(context, BestDealsQuery, { first: SHOP_PAGE_SIZE, after: cursor })).featuredProducts);
    }
    const data = await query(context, ShopProductsQuery, {
      first: SHOP_PAGE_SIZE,
      after: cursor,
      categories: categoryId ? [categoryId] : null,
      brand: brandId,
      query: search,
      minimumPrice: price?.minPrice ?? null,
      maximumPrice: price?.maxPrice ?? null,
      sortBy,
    });
    return productList(data.products);
  };

  // Load More under the grid: the next 20 products. Opened as a page, the page starts there.
  const startAfter = more === 'products' && after ? after : null;
  if (listOnly && startAfter) return { mode: 'products' as const, products: await fetchProducts(startAfter) };

  const [products, categories, brands, categoryData, brandData] = await Promise.all([
    fetchProducts(startAfter),
    query(context, SidebarCategoriesQuery, { first: SIDEBAR_PAGE_SIZE }),
    query(context, SidebarBrandsQuery, { first: SIDEBAR_PAGE_SIZE }),
    categoryId ? query(context, ShopCategoryQuery, { id: categoryId }) : null,
    brandId ? query(context, ShopBrandQuery, { id: brandId }) : null,
  ]);
  const category = categoryData?.category ?? null;
  const brand = brandData?.brand ?? null;
  if ((categoryId && !category) || (brandId && !brand)) notFound();

  const crumbs: Crumb[] = [{ label: 'Shop', to: '/shop' }];
  if (category?.parent) crumbs.push({ label: category.parent.name ?? '', to: `/shop/category/${encodeURIComponent(category.parent.id)}` });
  if (category) crumbs.push({ label: category.name ?? '', to: `/shop/category/${encodeURIComponent(category.id)}` });
  if (brand) crumbs.push({ label: brand.name ?? '', to: shopHref({ categoryId: category?.id ?? null, brandId: brand.id }, new URLSearchParams()) });
  if (type === 'best-deals') crumbs.push({ label: 'Best Deals', to: '/shop/best-deals/today' });
  if (search) crumbs.push({ label: 'Search Results' });

  const named = category && brand ? `${brand.name} ${category.name}` : (category?.name ?? brand?.name);
  const heading = search ? 'Search Results' : (named ?? (type === 'best-deals' ? 'Best Deals' : 'Shop'));
  const description =
    category?.seoDescription ||
    category?.description ||
    brand?.description ||
    (type === 'best-deals' ? 'Today’s best deals on phones, tablets, accessories and tires.' : 'Shop phones, tablets, accessories, vouchers and tires in pesos.');

  return {
    mode: 'page' as const,
    heading,
    searchQuery: search,
    crumbs,
    products,
    sidebar: { categories: sidebarList(categories.categories), brands: sidebarList(brands.brands) },
    active: { categoryId: category?.id ?? null, brandId: brand?.id ?? null },
    sortable: type !== 'best-deals',
    startAfter,
    // The list's own parameters, which Load More sends again.
    listSearch: keptParams(url.searchParams, { brand: url.searchParams.get('brand'), category: url.searchParams.get('category') }),
    // The category's own sections show its subcategories unfiltered: only on its plain first page.
    subcategories:
      category && !brand && !search && !price && !sortBy && !startAfter
        ? (category.children ?? [])
            .map((c) => ({ id: c.id, name: c.name ?? '', products: nodes(c.products).map(toCard) }))
            .filter((c) => c.products.length > 0)
        : [],
    seo: { title: category?.seoTitle || heading, description },
    canonical: `${context.publicUrl}${url.pathname}`,
  };
}

export default function ShopRoute({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.mode !== 'page') return null;
  // A new address (filters, search, page type) starts a fresh list.
  return <ShopPage key={location.pathname + location.search} data={loaderData} />;
}

type PageData = Extract<Route.ComponentProps['loaderData'], { mode: 'page' }>;

function ShopPage({ data }: { data: PageData }) {
  const location = useLocation();
  const navigation = useNavigation();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const loading = navigation.state === 'loading' && navigation.location?.pathname.startsWith('/shop');
  return (
    <div className="container-page py-2 md:py-6">
      {/* A lone crumb repeats the title: on a phone it gives its line to the products. */}
      <Breadcrumbs items={data.crumbs} className={`text-xs md:block md:text-sm ${data.crumbs.length < 2 ? 'hidden' : ''}`} />
      {/* One row on a phone (title, MENU, sort): the first screen is for products. */}
      <div className="mt-1 flex items-center gap-2 md:mt-3">
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-bold md:text-3xl">{data.heading}</h1>
          {data.searchQuery ? <p className="truncate text-sm text-gray-700 md:mt-1">for “{data.searchQuery}”</p> : null}
        </div>
        <button
          type="button"
          className="btn-outline shrink-0 px-3 md:hidden"
          aria-expanded={filtersOpen}
          aria-controls="shop-filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {filtersOpen ? 'CLOSE' : 'MENU'}
        </button>
        {data.sortable ? (
          <div className="flex w-32 shrink-0 sm:w-auto">
            <SortSelect pathname={location.pathname} searching={data.searchQuery != null} />
          </div>
        ) : null}
      </div>
      <div className="mt-2 grid gap-6 md:mt-4 md:grid-cols-[14rem_1fr]">
        <ShopSidebar
          pathname={location.pathname}
          categories={data.sidebar.categories}
          brands={data.sidebar.brands}
          active={data.active}
          open={filtersOpen}
        />
        <div className="min-w-0 space-y-10" aria-busy={loading}>
          {loading ? (
            <p role="status" className="text-gray-700">
              Loading
            </p>
          ) : null}
          {data.subcategories.map((sub) => (
            <section key={sub.id} aria-labelledby={`sub-${sub.id}`}>
              <div className="mb-3 flex items-end justify-between gap-3">
                <h2 id={`sub-${sub.id}`} className="text-xl font-bold">
                  {sub.name}
                </h2>
                <Link to={`/shop/category/${encodeURIComponent(sub.id)}`} className="text-sm font-semibold text-secondary-dark hover:underline">
                  View More<span className="sr-only"> {sub.name}</span>
                </Link>
              </div>
              <ul className={`grid gap-2 sm:gap-3 ${CARD_COLUMNS.sidebar}`}>
                {sub.products.map((p, i) => (
                  <li key={p.id} className={i >= SUBCATEGORY_NARROW ? 'hidden xl:block' : undefined}>
                    <ProductCard product={p} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
          <ProductResults
            pathname={location.pathname}
            search={data.listSearch}
            initial={data.products}
            showHeading={data.subcategories.length > 0}
            searchQuery={data.searchQuery}
            firstPage={data.startAfter ? `${location.pathname}${data.listSearch}` : null}
          />
        </div>
      </div>
    </div>
  );
}

type ProductPage = { items: ProductCardData[]; pageInfo: PageInfo; totalCount: number | null };

function ProductResults({
  pathname,
  search,
  initial,
  showHeading,
  searchQuery,
  firstPage,
}: {
  pathname: string;
  search: string;
  initial: ProductPage;
  showHeading: boolean;
  searchQuery: string | null;
  /** Opened at a load-more address: the list starts mid-way, with a way back to its start. */
  firstPage: string | null;
}) {
  const { items, pageInfo, fetcher } = useMoreList(initial, 'products');

  function loadMore() {
    const params = new URLSearchParams(search);
    params.set('more', 'products');
    params.set('after', pageInfo.endCursor ?? '');
    fetcher.load(`${pathname}?${params.toString()}`);
  }

  return (
    <section aria-labelledby="all-products">
      {/* Always an h2 (hidden when alone): the cards' h3 titles may not skip a heading level. */}
      {showHeading ? (
        <h2 id="all-products" className="mb-3 text-xl font-bold">
          All Products
        </h2>
      ) : (
        <h2 id="all-products" className="sr-only">
          Products
        </h2>
      )}
      {firstPage ? (
        <p className="mb-3 text-sm">
          <Link to={firstPage} className="font-semibold text-secondary-dark underline">
            Back to the first products
          </Link>
        </p>
      ) : null}
      {items.length === 0 ? (
        <EmptyState
          title="No Products!"
          action={
            <>
              <Link to="/shop" className="btn-primary">
                View all products
              </Link>
              <Link to="/shop/best-deals/today" className="btn-outline">
                Today&apos;s best deals
              </Link>
            </>
          }
        >
          {searchQuery || search.length > 1
            ? 'Nothing matches this search or these filters. Try another word, or fewer filters.'
            : 'Nothing is listed here yet. See what else the shop has.'}
        </EmptyState>
      ) : (
        <ProductGrid products={items} searchQuery={searchQuery} columns="sidebar" />
      )}
      {/* Under the grid, beside Load More: the first screen is for products. */}
      {!firstPage && initial.totalCount != null && items.length > 0 ? (
        <p className="mt-4 text-center text-sm text-gray-600">
          Showing {items.length} of {initial.totalCount}
        </p>
      ) : null}
      {fetcher.state !== 'idle' ? (
        <p role="status" className="mt-4 text-center text-gray-700">
          Loading
        </p>
      ) : pageInfo.hasNextPage && pageInfo.endCursor ? (
        <div className="mt-3 text-center">
          <button type="button" className="btn-secondary" onClick={loadMore}>
            Load More
          </button>
        </div>
      ) : null}
    </section>
  );
}
