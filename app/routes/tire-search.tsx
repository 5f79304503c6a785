import { useState } from 'react';
import { Form, Link, useFetcher, useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../components/catalogue/Breadcrumbs';
import type { Route } from './+types/tire-search';
import {
  chooseTireValue,
  formatTireSize,
  isCompleteTireSize,
  previousTireValues,
  readTireSize,
  TIRE_DELIVERY_NOTICE,
  TIRE_FIELDS,
  TIRE_INSTALLATION_NOTICE,
  TIRE_PAGE_SIZE,
  type TireParam,
  type TireSize,
} from '../../common/catalogue/tire-search';
import { ProductGrid } from '../components/catalogue/ProductCard';
import { EmptyState } from '../components/layout/EmptyState';
import type { ProductCardData } from '../components/catalogue/types';
import { seoMeta } from '../components/catalogue/seo';
import { nodes, toCard, type Connection, type PageInfo } from '../graphql/catalogue';
import { TireScopeQuery, TiresQuery, TireValuesQuery, type GqlTire, type TireAttribute } from '../graphql/catalogue-tires';
import { notFound, query } from '../lib/api.server';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({
    title: data && 'scope' in data && data.scope ? `${data.scope.name} Tires | Tire Search` : 'Tire Search',
    description: `Find ${data && 'scope' in data && data.scope ? `${data.scope.name} ` : ''}tires by size: width, aspect ratio and rim diameter. Delivered within Metro Manila.`,
    url: data && 'canonical' in data ? data.canonical : null,
  });

type Results = { items: ProductCardData[]; pageInfo: PageInfo; totalCount: number | null };

function toResults(c: Connection<GqlTire> | null): Results {
  const items: ProductCardData[] = [];
  for (const tire of nodes(c)) {
    if (tire.product && !items.some((p) => p.id === tire.product?.id)) items.push(toCard(tire.product));
  }
  return { items, pageInfo: c?.pageInfo ?? { hasNextPage: false, endCursor: null }, totalCount: c?.totalCount ?? null };
}

const toInt = (s: string) => Number.parseInt(s, 10);

/** /tire-search/{type}/{id} (the route table): the tires of one brand or one category, as /shop/{type}/{id}. */
const TIRE_SCOPES = ['brand', 'category'] as const;
type TireScopeType = (typeof TIRE_SCOPES)[number];

/** The brand or category of the path, or null on /tire-search; an unknown one is a 404. */
async function readScope(context: Route.LoaderArgs['context'], type: string | undefined, id: string | undefined) {
  if (type == null && id == null) return null;
  if (!TIRE_SCOPES.includes(type as TireScopeType) || !id) notFound();
  const isBrand = type === 'brand';
  const data = await query(context, TireScopeQuery, { id, isBrand });
  const found = isBrand ? data.brand : data.category;
  if (!found) notFound();
  return { type: type as TireScopeType, id: found.id, name: found.name ?? '' };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const size = readTireSize(url.searchParams);
  const complete = isCompleteTireSize(size);
  const scope = await readScope(context, params.type, params.id);
  // The scope's id as the API takes it: { brand } or { category }.
  const scopeArgs = scope ? { [scope.type]: scope.id } : {};
  const filter = complete ? { width: toInt(size.width), aspectRatio: toInt(size.aspectRatio), rimDiameter: toInt(size.rimDiameter), ...scopeArgs } : null;

  if (url.searchParams.get('more') === 'tires') {
    if (!filter) return { mode: 'more' as const, results: null };
    const data = await query(context, TiresQuery, { filter, first: TIRE_PAGE_SIZE, after: url.searchParams.get('after') });
    return { mode: 'more' as const, results: toResults(data.tires) };
  }

  const values = async (param: TireParam, attribute: TireAttribute) => {
    const previous = previousTireValues(size, param);
    if (previous == null) return [];
    return (await query(context, TireValuesQuery, { attribute, previousValues: previous, ...scopeArgs })).tireAttributeValues ?? [];
  };
  const [widths, aspectRatios, rimDiameters, tires] = await Promise.all([
    values('width', 'WIDTH'),
    values('aspect_ratio', 'ASPECT_RATIO'),
    values('rim_diameter', 'RIM_DIAMETER'),
    filter ? query(context, TiresQuery, { filter, first: TIRE_PAGE_SIZE }) : null,
  ]);
  return {
    mode: 'page' as const,
    size,
    options: { width: widths, aspect_ratio: aspectRatios, rim_diameter: rimDiameters } satisfies Record<TireParam, string[]>,
    results: tires ? toResults(tires.tires) : null,
    scope,
    canonical: `${context.publicUrl}${url.pathname}`,
  };
}

export default function TireSearchRoute({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.mode !== 'page') return null;
  return <TireSearchPage key={location.pathname + location.search} data={loaderData} />;
}

type PageData = Extract<Route.ComponentProps['loaderData'], { mode: 'page' }>;

function TireSearchPage({ data }: { data: PageData }) {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading' && navigation.location?.pathname === location.pathname;

  const selected: Record<TireParam, string | null> = {
    width: data.size.width,
    aspect_ratio: data.size.aspectRatio,
    rim_diameter: data.size.rimDiameter,
  };

  function choose(param: TireParam, value: string) {
    const next = chooseTireValue(params, param, value);
    void navigate({ search: next.toString() ? `?${next.toString()}` : '' }, { preventScrollReset: true });
  }

  const scope = data.scope;
  return (
    <div className="container-page py-6">
      {scope ? <Breadcrumbs items={[{ label: 'Tire Search', to: '/tire-search' }, { label: scope.name }]} /> : null}
      <h1 className="text-3xl font-bold">{scope ? `${scope.name} Tires` : 'Tire Search'}</h1>
      <p className="mt-1 text-gray-700">
        {scope ? (
          <>
            Find the right {scope.name} tires by size.{' '}
            <Link to={{ pathname: '/tire-search', search: params.toString() ? `?${params.toString()}` : '' }} className="text-secondary-dark underline">
              Search every tire
            </Link>
          </>
        ) : (
          'Find the right tires by size.'
        )}
      </p>
      <div className="mt-3 rounded-md border border-primary/40 bg-primary-light px-4 py-2 text-sm text-gray-900">
        <p>{TIRE_DELIVERY_NOTICE}</p>
        <p>{TIRE_INSTALLATION_NOTICE}</p>
      </div>

      {/* Without JavaScript the selects submit with the button; with it, each choice navigates. */}
      <Form method="get" className="mt-6 grid gap-4 sm:grid-cols-3" onSubmit={(e) => e.preventDefault()}>
        {TIRE_FIELDS.map((field, index) => {
          const options = data.options[field.param];
          const enabled = index === 0 || TIRE_FIELDS.slice(0, index).every((f) => selected[f.param]);
          return (
            <div key={field.param}>
              <label htmlFor={`tire-${field.param}`} className="block text-sm font-semibold">
                {field.label}
              </label>
              <select
                id={`tire-${field.param}`}
                name={field.param}
                value={selected[field.param] ?? ''}
                disabled={!enabled}
                onChange={(e) => choose(field.param, e.target.value)}
                className="mt-1 w-full rounded-md border border-gray-300 bg-white px-3 py-2 disabled:bg-gray-100"
              >
                <option value="">Select {field.label}</option>
                {options.map((v) => (
                  <option key={v} value={v}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
        <noscript>
          <button type="submit" className="btn-secondary">
            Search
          </button>
        </noscript>
      </Form>

      <div className="mt-8" aria-busy={loading}>
        {loading ? (
          <p role="status" className="text-gray-700">
            Loading
          </p>
        ) : null}
        {data.results ? (
          <TireResults size={data.size} initial={data.results} search={params.toString()} pathname={location.pathname} />
        ) : (
          <p className="text-gray-700">Choose a width, an aspect ratio and a rim diameter to see matching tires.</p>
        )}
      </div>
    </div>
  );
}

function TireResults({ size, initial, search, pathname }: { size: TireSize; initial: Results; search: string; pathname: string }) {
  const fetcher = useFetcher<{ mode: string; results: Results | null }>();
  const [items, setItems] = useState(initial.items);
  const [pageInfo, setPageInfo] = useState(initial.pageInfo);
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    const more = fetcher.data?.results;
    if (more) {
      setItems((current) => [...current, ...more.items.filter((p) => !current.some((c) => c.id === p.id))]);
      setPageInfo(more.pageInfo);
    }
  }
  function loadMore() {
    const params = new URLSearchParams(search);
    params.set('more', 'tires');
    params.set('after', pageInfo.endCursor ?? '');
    // The page's own path: a brand's or category's Load More stays within it.
    fetcher.load(`${pathname}?${params.toString()}`);
  }
  return (
    <section aria-labelledby="tire-results">
      <h2 id="tire-results" className="text-xl font-bold">
        Tires in {formatTireSize(size)}
        {initial.totalCount != null ? <span className="ml-2 text-base font-normal text-gray-600">({initial.totalCount} found)</span> : null}
      </h2>
      <div className="mt-4">
        {items.length === 0 ? (
          <EmptyState
            title="No Products!"
            action={
              <>
                <Link to="/tire-search" className="btn-primary">
                  Choose another size
                </Link>
                <Link to="/shop" className="btn-outline">
                  View all products
                </Link>
              </>
            }
          >
            No tires in {formatTireSize(size)} right now. Check the size printed on your tire&apos;s sidewall, or try a nearby
            width or aspect ratio.
          </EmptyState>
        ) : (
          <ProductGrid products={items} />
        )}
      </div>
      {fetcher.state !== 'idle' ? (
        <p role="status" className="mt-4 text-center text-gray-700">
          Loading
        </p>
      ) : pageInfo.hasNextPage && pageInfo.endCursor ? (
        <div className="mt-6 text-center">
          <button type="button" className="btn-secondary" onClick={loadMore}>
            Load More
          </button>
        </div>
      ) : null}
    </section>
  );
}
