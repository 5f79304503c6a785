// sitemap.xml: a sitemap index over the static and listing pages and the product sitemaps.
import type { Route } from './+types/sitemap.xml';
import { SitemapCountsQuery } from '../graphql/catalogue-sitemap';
import { query } from '../lib/api.server';
import { PRODUCTS_PER_SITEMAP, xmlResponse } from '../components/catalogue/sitemap';

export async function loader({ context }: Route.LoaderArgs) {
  const { products } = await query(context, SitemapCountsQuery);
  const chunks = Math.max(1, Math.ceil((products?.totalCount ?? 0) / PRODUCTS_PER_SITEMAP));
  const base = context.publicUrl;
  const entries = [`${base}/sitemap/pages`, ...Array.from({ length: chunks }, (_, i) => `${base}/sitemap/products/${i + 1}`)];
  return xmlResponse(
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries
      .map((loc) => `  <sitemap><loc>${loc}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`,
  );
}
