// Scenario 8 of `npm run bench -- --search-products 100000` (PostgreSQL only): the storefront's
// search over a catalogue far beyond the demo's. The demo seed's products (brands, categories,
// descriptions, variants and their generated images) serve as templates; the rest of the
// catalogue is written by set-based SQL (INSERT ... SELECT generate_series), each row a template
// product in another colour and edition, as a big shop lists the same model many times. Then
// the shop's real search (the /shop page's ShopProductsQuery, 20 cards) and its listings (the
// same query without a search) are timed request by request with the response cache off, so
// every one runs its SQL.
import pg from 'pg';
import { ShopProductsQuery } from '../app/graphql/catalogue-shop';

/** What shoppers type: several words, a misspelt word, a brand, a category word. */
export const SEARCH_QUERIES = [
  { label: 'several words', query: 'samsung galaxy 256gb black' },
  { label: 'misspelt word', query: 'samsnug galxy' },
  { label: 'a brand', query: 'xiaomi' },
  { label: 'a category word', query: 'charger' },
] as const;

/**
 * What a shopper browsing the shop without a search asks: its first page of 20 cards with "N
 * products" (the count reads every match: bench/README.md, change 155). `category` and `brand`
 * are looked up by name on the grown catalogue (listingVariables).
 */
export const LISTINGS = [
  { label: 'listing: every product', variables: {} },
  { label: 'listing: a category (Tires)', category: 'Tires', variables: {} },
  { label: 'listing: a brand (Xiaomi)', brand: 'Xiaomi', variables: {} },
  { label: 'listing: by price', variables: { sortBy: { field: 'PRICE', direction: 'ASC' } } },
  { label: 'listing: best rated', variables: { sortBy: { field: 'RATING', direction: 'DESC' } } },
  { label: 'listing: best selling', variables: { sortBy: { field: 'SALES', direction: 'DESC' } } },
] as const;

// The editions each template product is repeated in (colour x pack): 8 x 8 = 64 names per model.
const COLOURS = ['Midnight Black', 'Arctic White', 'Ocean Blue', 'Rose Gold', 'Graphite', 'Forest Green', 'Lavender', 'Sunset Orange'];
const EDITIONS = ['', 'Bundle', 'with Free Case', 'Open Box', '2025 Edition', 'Pack of 2', 'Gift Box', 'Lite'];

/**
 * Grows the (stopped) shop's catalogue to `total` products; returns how many were added and
 * how long it took. Every added product is published, with its template's variants (new SKUs)
 * and first image, and its words join the search vocabulary as refreshSearchTerms adds them;
 * products' insert trigger writes their rows of product_search (what the search reads, ADR 056)
 * in the same statement, as it does for any insert.
 */
export async function growCatalogue(url: string, total: number): Promise<{ added: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  try {
    await client.query('BEGIN');
    const { rows } = await client.query<{ n: number; top: number }>('SELECT count(*)::int AS n, coalesce(max(id), 0)::int AS top FROM products');
    const { n: existing, top } = rows[0]!;
    const added = Math.max(0, total - existing);
    if (added > 0) {
      await client.query(`CREATE TEMP TABLE templates ON COMMIT DROP AS
        SELECT (row_number() OVER (ORDER BY id) - 1)::int AS n, * FROM products WHERE is_published`);
      const { rows: counted } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM templates');
      const templates = counted[0]!.n;
      // Ids are given (base + g) so that variants and images find their template by arithmetic.
      await client.query(
        `INSERT INTO products (id, name, slug, description, seo_title, seo_description, product_type_id, brand_id, category_id,
           is_published, is_pre_order, is_free_shipping_fee, is_installment_ready, has_instacover_warranty, is_featured,
           weight_grams, attributes, base_price, sale_percent, sale_amount,
           min_price, max_price, min_price_undiscounted, max_price_undiscounted, search_name, search_category)
         OVERRIDING SYSTEM VALUE
         SELECT $1::int + g, t.name || e.suffix, t.slug || '-' || g, t.description, t.seo_title, t.seo_description,
           t.product_type_id, t.brand_id, t.category_id, true, t.is_pre_order, t.is_free_shipping_fee,
           t.is_installment_ready, t.has_instacover_warranty, false, t.weight_grams, t.attributes,
           t.base_price, t.sale_percent, t.sale_amount,
           t.min_price, t.max_price, t.min_price_undiscounted, t.max_price_undiscounted,
           t.search_name || e.suffix, t.search_category
         FROM generate_series(1, $2::int) g
         JOIN templates t ON t.n = g % $3::int
         CROSS JOIN LATERAL (SELECT ' ' || ($4::text[])[1 + (g / $3::int) % 8]
           || rtrim(' ' || ($5::text[])[1 + (g / $3::int / 8) % 8]) AS suffix) e`,
        [top, added, templates, COLOURS, EDITIONS],
      );
      await client.query(`SELECT setval(pg_get_serial_sequence('products', 'id'), (SELECT max(id) FROM products))`);
      await client.query(
        `INSERT INTO product_variants (product_id, name, sku, color, memory, cover_warranty, stock_quantity, added_price, exchange_request_fee, sort_order)
         SELECT p.id, v.name, v.sku || '-' || p.id, v.color, v.memory, v.cover_warranty, v.stock_quantity, v.added_price, v.exchange_request_fee, v.sort_order
         FROM products p
         JOIN templates t ON t.n = (p.id - $1::int) % $2::int
         JOIN product_variants v ON v.product_id = t.id AND NOT v.is_custom_amount
         WHERE p.id > $1::int`,
        [top, templates],
      );
      await client.query(
        `INSERT INTO product_images (product_id, sort_order, alt, color, media_key, width, height)
         SELECT p.id, 0, i.alt, i.color, i.media_key, i.width, i.height
         FROM products p
         JOIN templates t ON t.n = (p.id - $1::int) % $2::int
         JOIN LATERAL (SELECT * FROM product_images pi WHERE pi.product_id = t.id ORDER BY pi.sort_order LIMIT 1) i ON true
         WHERE p.id > $1::int`,
        [top, templates],
      );
      // The vocabulary typo correction reads (refreshSearchTerms' statement, for every product).
      await client.query(`INSERT INTO search_terms (term)
        SELECT DISTINCT w FROM products p,
          regexp_split_to_table(lower(p.search_name || ' ' || p.search_category), '[^[:alnum:]]+') AS w
        WHERE length(w) >= 2
        ON CONFLICT DO NOTHING`);
    }
    await client.query('COMMIT');
    // As autovacuum leaves a table some time after a bulk insert: its statistics, and its
    // visibility map, without which no count is read from an index alone.
    await client.query('VACUUM ANALYZE');
    return { added, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

export type SearchRow = { label: string; query: string; connections: number; requests: number; totalCount: number; p50: number; p95: number; p99: number; sql: number };

/** The body the /shop page posts for a search: its first page of 20 cards with the total. */
export function searchBody(query: string): string {
  return JSON.stringify({ query: ShopProductsQuery.source, variables: { first: 20, query } });
}

/** The body the /shop page posts for a listing's first page: 20 cards with the total. */
export function listingBody(variables: Record<string, unknown>): string {
  return JSON.stringify({ query: ShopProductsQuery.source, variables: { first: 20, ...variables } });
}

/**
 * A listing's variables with its category and brand named by their ids, asked of the shop
 * (`ask` posts a GraphQL query and resolves to its data).
 */
export async function listingVariables(
  listing: (typeof LISTINGS)[number],
  ask: <T>(query: string) => Promise<T>,
): Promise<Record<string, unknown>> {
  const variables: Record<string, unknown> = { ...listing.variables };
  if ('category' in listing) {
    const { categories } = await ask<{ categories: { edges: { node: { id: string; name: string } }[] } }>('{ categories(first: 100, level: 0) { edges { node { id name } } } }');
    const category = categories.edges.find((e) => e.node.name === listing.category);
    if (!category) throw new Error(`listing "${listing.label}": no top-level category named ${listing.category}`);
    variables.categories = [category.node.id];
  }
  if ('brand' in listing) {
    const { brands } = await ask<{ brands: { edges: { node: { id: string; name: string } }[] } }>('{ brands(first: 100) { edges { node { id name } } } }');
    const brand = brands.edges.find((e) => e.node.name === listing.brand);
    if (!brand) throw new Error(`listing "${listing.label}": no brand named ${listing.brand}`);
    variables.brand = brand.node.id;
  }
  return variables;
}

/** The q-quantile of sorted latencies (nearest rank), in ms with one decimal. */
export function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return Math.round(value * 10) / 10;
}

/**
 * Asks `body` from `connections` concurrent clients, each waiting for its answer before asking
 * again, for `seconds`; returns every request's latency (ms), sorted. Any answer but a 200
 * without errors throws: a failing search must not pass for a fast one.
 */
export async function timeRequests(url: string, headers: Record<string, string>, body: string, connections: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers, body });
      const text = await response.text();
      latencies.push(performance.now() - started);
      if (!response.ok || text.includes('"errors"')) throw new Error(`search failed (${response.status}): ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  return latencies.sort((a, b) => a - b);
}

export function searchTable(rows: SearchRow[]): string[] {
  return [
    '| search | query | conns | requests | matches | p50 ms | p95 ms | p99 ms | SQL per request |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.label} | ${r.query} | ${r.connections} | ${r.requests} | ${r.totalCount} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.sql} |`),
  ];
}
