import type { Route } from './+types/categories';
import { TilePage } from '../components/catalogue/Tiles';
import { seoMeta } from '../components/catalogue/seo';
import { CategoriesQuery, nodes, toTile } from '../graphql/catalogue';
import { query } from '../lib/api.server';

export const meta: Route.MetaFunction = ({ data }) =>
  seoMeta({ title: 'Categories', description: 'Shop phones, tablets, accessories, vouchers and tires by category.', url: data?.canonical });

export async function loader({ context }: Route.LoaderArgs) {
  const { categories } = await query(context, CategoriesQuery, { first: 99, level: 0 });
  return { categories: nodes(categories).map(toTile), canonical: `${context.publicUrl}/categories` };
}

export default function Categories({ loaderData }: Route.ComponentProps) {
  return <TilePage title="Categories" kind="category" tiles={loaderData.categories} />;
}
