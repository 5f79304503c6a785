// /staff/products/:id: one product to edit: its details, the variants table with inline price
// and stock, a form to add a variant, and its pictures (upload, order, alt text, delete).
import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-product';
import { ProductForm } from '../components/staff/ProductForm';
import { ProductImages } from '../components/staff/ProductImages';
import { VariantsTable } from '../components/staff/VariantsTable';
import { FormResult } from '../components/staff/FormField';
import { productGlobalId } from '../components/staff/product-ids';
import { CatalogueChoicesQuery, StaffProductQuery, toCatalogueChoices, toStaffProduct } from '../graphql/staff-catalogue';
import { notFound, query } from '../lib/api.server';
import { productAction } from './staff-product.server';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.product.name ?? 'Product'} | Suki back office` }];

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  const id = productGlobalId(params.id);
  if (!id) notFound();
  const [result, choices] = await Promise.all([query(context, StaffProductQuery, { id }), query(context, CatalogueChoicesQuery)]);
  const product = toStaffProduct(result);
  if (!product) notFound();
  return { product, choices: toCatalogueChoices(choices) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  const id = productGlobalId(params.id);
  if (!id) notFound();
  return productAction(request, context, id);
}

export default function StaffProduct({ loaderData }: Route.ComponentProps) {
  const { product, choices } = loaderData;
  const result = useActionData<typeof action>() ?? null;
  const refusedFor = (intent: string) => (result && !result.ok && result.intent === intent ? result : null);
  return (
    <section aria-labelledby="product-title" className="space-y-6">
      <Link to="/staff/products" className="underline">
        Back to products
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="product-title" className="text-2xl font-bold">
          {product.name}
        </h1>
        {product.adminInfo?.isPublished ? (
          <a href={product.url} className="underline">
            View in the shop
          </a>
        ) : (
          <span>Hidden from the shop</span>
        )}
      </div>
      <FormResult result={result} />
      <ProductForm product={product} choices={choices} refused={refusedFor('product')} />
      <VariantsTable variants={product.variants} result={result} />
      <ProductImages images={product.images} colors={[...new Set(product.variants.map((v) => v.options.color).filter((c): c is string => !!c))]} result={result} />
      <Form
        method="post"
        className="rounded border border-red-200 bg-white p-4"
        aria-labelledby="delete-title"
        onSubmit={(event) => {
          if (!window.confirm(`Delete ${product.name} with its variants and images?`)) event.preventDefault();
        }}
      >
        <h2 id="delete-title" className="text-lg font-semibold">
          Delete product
        </h2>
        <p className="mb-2 text-sm">Orders keep their own copy of what was bought.</p>
        <input type="hidden" name="intent" value="product-delete" />
        <button type="submit" className="btn-outline">
          Delete product
        </button>
      </Form>
    </section>
  );
}
