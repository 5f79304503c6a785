// The sitemap of fixed pages, categories and brands.
import type { Route } from './+types/sitemap-pages';
import { SitemapCountsQuery } from '../graphql/catalogue-sitemap';
import { query } from '../lib/api.server';
import { nodes } from '../graphql/catalogue';
import { urlSet, xmlResponse } from '../components/catalogue/sitemap';

const FIXED_PATHS = [
  '/',
  '/shop',
  '/shop/best-deals/today',
  '/categories',
  '/brands',
  '/tire-search',
  '/trade-in',
  '/about-trade-in',
  '/faq-trade-in',
  '/about',
  '/faqs',
  '/terms-conditions',
  '/privacy-policy',
];

export async function loader({ context }: Route.LoaderArgs) {
  const data = await query(context, SitemapCountsQuery);
  const base = context.publicUrl;
  return xmlResponse(
    urlSet([
      ...FIXED_PATHS.map((p) => `${base}${p}`),
      ...nodes(data.categories).map((c) => `${base}/shop/category/${encodeURIComponent(c.id)}`),
      ...nodes(data.brands).map((b) => `${base}/shop/brand/${encodeURIComponent(b.id)}`),
    ]),
  );
}
