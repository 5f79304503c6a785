// /staff/products: every product, published or not, paged on the server, with the search,
// category, brand and low-stock filters in the URL; a marker on products running low.
import { Form, Link } from 'react-router';
import type { Route } from './+types/staff-products';
import { LOW_STOCK_THRESHOLD } from '../../common/catalogue/stock';
import { SEARCH_MAX_LENGTH } from '../../common/validation/limits';
import { CatalogueChoicesQuery, StaffProductsQuery, toCatalogueChoices, toStaffProducts } from '../graphql/staff-catalogue';
import { query } from '../lib/api.server';
import { productNumber } from '../components/staff/product-ids';
import { requireStaff } from './staff.server';
import { StaffPager } from '../components/staff/StaffPager';

export const meta: Route.MetaFunction = () => [{ title: 'Products | Suki back office' }];

const PAGE_SIZE = 25;
const FILTER_KEYS = ['search', 'category', 'brand', 'collection', 'lowStock'] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  const url = new URL(request.url);
  const get = (key: string) => url.searchParams.get(key)?.trim() || null;
  const filter = {
    search: get('search')?.slice(0, SEARCH_MAX_LENGTH) ?? null,
    category: get('category')?.slice(0, 100) ?? null,
    brand: get('brand')?.slice(0, 100) ?? null,
    collection: get('collection')?.slice(0, 100) ?? null,
    lowStock: get('lowStock') === '1' ? true : null,
  };
  const after = get('after');
  const before = get('before');
  const [result, choices] = await Promise.all([
    query(context, StaffProductsQuery, before ? { ...filter, last: PAGE_SIZE, before } : { ...filter, first: PAGE_SIZE, after }),
    query(context, CatalogueChoicesQuery),
  ]);
  const values = Object.fromEntries(FILTER_KEYS.map((k) => [k, url.searchParams.get(k) ?? '']));
  return {
    ...toStaffProducts(result),
    choices: toCatalogueChoices(choices),
    values,
    deleted: url.searchParams.get('deleted') === '1',
  };
}

export default function StaffProducts({ loaderData }: Route.ComponentProps) {
  const { products, pageInfo, totalCount, choices, values, deleted } = loaderData;
  return (
    <section aria-labelledby="products-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="products-title" className="text-2xl font-bold">
          Products
        </h1>
        <Link to="/staff/products/new" className="btn-primary">
          New product
        </Link>
      </div>
      {deleted ? <p role="status">Product deleted.</p> : null}
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded border border-gray-200 bg-white p-3" aria-label="Filter products">
        <div>
          <label htmlFor="filter-search" className="block text-sm font-medium">
            Search
          </label>
          <input id="filter-search" name="search" type="search" defaultValue={values.search} maxLength={SEARCH_MAX_LENGTH} className="rounded border border-gray-400 px-2 py-1" />
        </div>
        <div>
          <label htmlFor="filter-category" className="block text-sm font-medium">
            Category
          </label>
          <select id="filter-category" name="category" defaultValue={values.category} className="rounded border border-gray-400 bg-white px-2 py-1">
            <option value="">Any</option>
            {(choices.categories?.edges ?? []).map(({ node }) => (
              <option key={node.id} value={node.id}>
                {node.level > 0 ? '— ' : ''}
                {node.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="filter-brand" className="block text-sm font-medium">
            Brand
          </label>
          <select id="filter-brand" name="brand" defaultValue={values.brand} className="rounded border border-gray-400 bg-white px-2 py-1">
            <option value="">Any</option>
            {(choices.brands?.edges ?? []).map(({ node }) => (
              <option key={node.id} value={node.id}>
                {node.name}
              </option>
            ))}
          </select>
        </div>
        {values.collection ? <input type="hidden" name="collection" value={values.collection} /> : null}
        <label htmlFor="filter-low-stock" className="flex items-center gap-2 text-sm">
          <input id="filter-low-stock" type="checkbox" name="lowStock" value="1" defaultChecked={values.lowStock === '1'} />
          Low stock only
        </label>
        <button type="submit" className="btn-secondary">
          Filter
        </button>
        <Link to="/staff/products" className="underline">
          Clear
        </Link>
      </Form>
      <p aria-live="polite">{totalCount === 1 ? '1 product' : `${totalCount} products`}</p>
      <div className="overflow-x-auto">
        <table className="w-full border-collapse bg-white text-left text-sm">
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className="p-2">
                <span className="sr-only">Picture</span>
              </th>
              <th scope="col" className="p-2">Name</th>
              <th scope="col" className="p-2">Category</th>
              <th scope="col" className="p-2">Brand</th>
              <th scope="col" className="p-2 text-right">Price from</th>
              <th scope="col" className="p-2 text-right">Stock</th>
              <th scope="col" className="p-2">State</th>
            </tr>
          </thead>
          <tbody>
            {products.map((p) => {
              const stock = p.variants.reduce((sum, v) => sum + v.stockQuantity, 0);
              const low = p.variants.some((v) => v.stockQuantity <= LOW_STOCK_THRESHOLD);
              return (
                <tr key={p.id} className="border-b border-gray-100">
                  <td className="p-2">
                    {p.thumbnail ? <img src={p.thumbnail.url} alt="" width={40} height={40} className="h-10 w-10 object-contain" loading="lazy" /> : null}
                  </td>
                  <td className="p-2">
                    <Link to={`/staff/products/${productNumber(p.id)}`} className="font-semibold underline">
                      {p.name}
                    </Link>
                  </td>
                  <td className="p-2">{p.category.name}</td>
                  <td className="p-2">{p.brand?.name ?? ''}</td>
                  <td className="p-2 text-right">{p.pricing.priceRange.start.gross.localized}</td>
                  <td className="p-2 text-right">
                    {stock}
                    {low ? (
                      <span className="ml-2 rounded bg-amber-100 px-1 text-xs font-semibold text-amber-900" title={`A variant has ${LOW_STOCK_THRESHOLD} or fewer units`}>
                        Low stock
                      </span>
                    ) : null}
                  </td>
                  <td className="p-2">{p.adminInfo?.isPublished ? 'Published' : 'Hidden'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <StaffPager pageInfo={pageInfo} filters={values} />
    </section>
  );
}
