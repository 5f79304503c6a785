// /staff/categories, /staff/brands and /staff/collections: one list each, a form to add one, and
// each row edited in place (name, slug; a category's parent; a brand's TOP BRANDS flag; a
// collection's products by product number).
import { Form, Link, useActionData } from 'react-router';
import type { Route } from './+types/staff-taxonomy';
import { CheckboxField, FormResult, SelectField, TextField } from '../components/staff/FormField';
import type { ProductActionResult } from '../components/staff/types';
import { TaxonomyQuery, toTaxonomy } from '../graphql/staff-catalogue';
import { query } from '../lib/api.server';
import { kindOf, TAXONOMY_KINDS, type TaxonomyKind } from '../components/staff/taxonomy-kinds';
import { taxonomyAction } from './staff-taxonomy.server';
import { requireStaff } from './staff.server';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data ? TAXONOMY_KINDS[data.kind].title : 'Catalogue'} | Suki back office` }];

type Row = { id: string; name: string; slug: string; parentId?: string | null; level?: number; isFeatured?: boolean; isInstallmentReady?: boolean; productCount?: number };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  const kind = kindOf(new URL(request.url));
  const { categories, brands, collections } = toTaxonomy(await query(context, TaxonomyQuery));
  const rows: Row[] = kind === 'categories' ? categories : kind === 'brands' ? brands : collections;
  return { kind, rows, categories };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_PRODUCTS');
  return taxonomyAction(request, context, kindOf(new URL(request.url)));
}

function RowFields({ kind, row, prefix, refused, categories }: { kind: TaxonomyKind; row: Row | null; prefix: string; refused: ProductActionResult | null; categories: Row[] }) {
  const value = (name: keyof Row & string) => refused?.values[name] ?? (row ? String(row[name] ?? '') : '');
  return (
    <>
      <TextField name="name" idPrefix={prefix} label="Name" maxLength={250} defaultValue={value('name')} error={refused?.errors.name} />
      <TextField name="slug" idPrefix={prefix} label="Slug" maxLength={200} defaultValue={value('slug')} error={refused?.errors.slug} />
      {kind === 'categories' ? (
        <SelectField
          name="parent"
          idPrefix={prefix}
          label="Parent"
          emptyLabel="None (top level)"
          defaultValue={refused?.values.parent ?? row?.parentId ?? ''}
          error={refused?.errors.parent}
          options={categories.filter((c) => c.id !== row?.id).map((c) => ({ value: c.id, label: `${c.level ? '— ' : ''}${c.name}` }))}
        />
      ) : null}
      {kind === 'brands' ? (
        <>
          <CheckboxField name="isFeatured" idPrefix={prefix} label="TOP BRANDS" defaultChecked={refused ? refused.values.isFeatured === 'on' : !!row?.isFeatured} />
          <CheckboxField name="isInstallmentReady" idPrefix={prefix} label="Installment-ready" defaultChecked={refused ? refused.values.isInstallmentReady === 'on' : !!row?.isInstallmentReady} />
        </>
      ) : null}
    </>
  );
}

export default function StaffTaxonomy({ loaderData }: Route.ComponentProps) {
  const { kind, rows, categories } = loaderData;
  const result = useActionData<typeof action>() ?? null;
  const { title, singular } = TAXONOMY_KINDS[kind];
  const refusedFor = (intent: string, id?: string) => (result && !result.ok && result.intent === intent && (id === undefined || result.target === id) ? result : null);
  const created = refusedFor('create');
  return (
    <section aria-labelledby="taxonomy-title" className="space-y-4">
      <h1 id="taxonomy-title" className="text-2xl font-bold">
        {title}
      </h1>
      <FormResult result={result} />
      <Form method="post" key={created ? JSON.stringify(created.values) : `new-${rows.length}`} className="flex flex-wrap items-end gap-3 rounded border border-gray-200 bg-white p-4" aria-labelledby="add-title" noValidate>
        <h2 id="add-title" className="w-full text-lg font-semibold">
          Add a {singular}
        </h2>
        <input type="hidden" name="intent" value="create" />
        <RowFields kind={kind} row={null} prefix="new" refused={created} categories={categories} />
        <button type="submit" className="btn-primary">
          Add {singular}
        </button>
      </Form>
      <ul className="space-y-3">
        {rows.map((row) => {
          const refused = refusedFor('update', row.id);
          const products = refusedFor('add-products', row.id) ?? refusedFor('remove-products', row.id);
          const prefix = `row-${row.id.replace(/[^A-Za-z0-9]/g, '')}`;
          return (
            <li key={row.id} className="space-y-2 rounded border border-gray-200 bg-white p-3" style={{ marginLeft: row.level ? `${row.level * 1.5}rem` : undefined }}>
              <h2 className="font-semibold">
                {row.name}
                {row.productCount != null ? <span className="ml-2 text-sm font-normal">({row.productCount === 1 ? '1 product' : `${row.productCount} products`})</span> : null}
              </h2>
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" key={refused ? JSON.stringify(refused.values) : `${row.id}-${row.name}-${row.slug}-${row.parentId ?? ''}-${row.isFeatured ?? ''}`} className="flex flex-wrap items-end gap-3" noValidate>
                  <input type="hidden" name="intent" value="update" />
                  <input type="hidden" name="id" value={row.id} />
                  <RowFields kind={kind} row={row} prefix={prefix} refused={refused} categories={categories} />
                  <button type="submit" className="btn-outline" aria-label={`Save ${row.name}`}>
                    Save
                  </button>
                </Form>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete" />
                  <input type="hidden" name="id" value={row.id} />
                  <button type="submit" className="btn-outline" aria-label={`Delete ${row.name}`}>
                    Delete
                  </button>
                </Form>
              </div>
              {kind === 'collections' ? (
                <div className="flex flex-wrap items-end gap-3">
                  <Link to={`/staff/products?collection=${encodeURIComponent(row.id)}`} className="underline">
                    Products of {row.name}
                  </Link>
                  {(['add-products', 'remove-products'] as const).map((intent) => (
                    <Form method="post" key={intent} className="flex items-end gap-2">
                      <input type="hidden" name="intent" value={intent} />
                      <input type="hidden" name="id" value={row.id} />
                      <TextField
                        name="products"
                        idPrefix={`${prefix}-${intent}`}
                        label={intent === 'add-products' ? 'Add products (numbers)' : 'Remove products (numbers)'}
                        defaultValue={products?.intent === intent ? products.values.products : ''}
                        error={products?.intent === intent ? products.errors.products : undefined}
                      />
                      <button type="submit" className="btn-outline">
                        {intent === 'add-products' ? 'Add' : 'Remove'}
                      </button>
                    </Form>
                  ))}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
