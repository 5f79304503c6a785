import type { Route } from './+types/brands';
import { TilePage } from '../components/catalogue/Tiles';
import { seoMeta } from '../components/catalogue/seo';
import { BrandsQuery, nodes, toTile } from '../graphql/catalogue';
import { query } from '../lib/api.server';

// The brands page shows up to 99 brands (docs/product/limits.md#fetch-sizes).
const BRANDS_PAGE_SIZE = 99;

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: 'Brands', description: 'Shop the phone, tablet, accessory and tire brands we carry.', url: data?.canonical });

export async function loader({ context }: Route.LoaderArgs) {
  const { brands } = await query(context, BrandsQuery, { first: BRANDS_PAGE_SIZE });
  return { brands: nodes(brands).map(toTile), canonical: `${context.publicUrl}/brands` };
}

export default function Brands({ loaderData }: Route.ComponentProps) {
  return <TilePage title="Brands" kind="brand" tiles={loaderData.brands} />;
}
