// /staff/products/new: the product form; once created, its page (variants, images) opens.
import { Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-product-new';
import { ProductForm } from '../components/staff/ProductForm';
import { FormResult } from '../components/staff/FormField';
import { CatalogueChoicesQuery, toCatalogueChoices } from '../graphql/staff-catalogue';
import { query } from '../lib/api.server';
import { productAction } from './staff-product.server';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = () => [{ title: 'New product | Suki back office' }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  return { choices: toCatalogueChoices(await query(context, CatalogueChoicesQuery)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  return productAction(request, context, null);
}

export default function StaffProductNew({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  return (
    <section aria-labelledby="new-product-title" className="space-y-4">
      <Link to="/staff/products" className="underline">
        Back to products
      </Link>
      <h1 id="new-product-title" className="text-2xl font-bold">
        New product
      </h1>
      <FormResult result={result} />
      <ProductForm product={null} choices={loaderData.choices} refused={result && !result.ok ? result : null} />
    </section>
  );
}
