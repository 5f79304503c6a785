// One product sitemap: PRODUCTS_PER_SITEMAP products, fetched 100 at a time.
import type { Route } from './+types/sitemap-products';
import { SitemapProductsQuery } from '../graphql/catalogue-sitemap';
import { query, notFound } from '../lib/api.server';
import { nodes } from '../graphql/catalogue';
import { PRODUCTS_PER_SITEMAP, urlSet, xmlResponse } from '../components/catalogue/sitemap';

const API_PAGE = 100;

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = Number(params.page);
  if (!Number.isInteger(page) || page < 1) notFound();
  // Offset cursors let a chunk start anywhere: the cursor of item N is that of offset N - 1.
  let after: string | null = page > 1 ? offsetCursor((page - 1) * PRODUCTS_PER_SITEMAP - 1) : null;
  const ids: string[] = [];
  while (ids.length < PRODUCTS_PER_SITEMAP) {
    const { products } = await query(context, SitemapProductsQuery, { first: API_PAGE, after });
    ids.push(...nodes(products).map((p) => p.id));
    if (!products?.pageInfo.hasNextPage) break;
    after = products.pageInfo.endCursor;
  }
  if (ids.length === 0 && page > 1) notFound();
  return xmlResponse(urlSet(ids.map((id) => `${context.publicUrl}/product/${encodeURIComponent(id)}`)));
}

/** Pothos' offset connections use base64('OffsetConnection:' + offset) cursors. */
function offsetCursor(offset: number): string {
  return Buffer.from(`OffsetConnection:${offset}`).toString('base64');
}
