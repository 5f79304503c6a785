// The action of /staff/categories, /staff/brands and /staff/collections: create, update, delete
// (and a collection's products), checked with the API's own rules so refusals name fields.
import { data, type AppLoadContext } from 'react-router';
import { taxonomyCreateSchema, taxonomyUpdateSchema } from '../../common/catalogue/product-admin';
import { NETWORK_ERROR_TEXT, type ApiFieldError } from '../../common/errors';
import { fieldMessages, validate } from '../../common/validation/issues';
import type { ProductActionResult } from '../components/staff/types';
import {
  BrandCreateMutation,
  BrandDeleteMutation,
  BrandUpdateMutation,
  CategoryCreateMutation,
  CategoryDeleteMutation,
  CategoryUpdateMutation,
  CollectionAddProductsMutation,
  CollectionCreateMutation,
  CollectionDeleteMutation,
  CollectionRemoveProductsMutation,
  CollectionUpdateMutation,
} from '../graphql/staff-catalogue';
import { query } from '../lib/api.server';
import type { TaxonomyKind } from '../components/staff/taxonomy-kinds';

type Result = { errors: ApiFieldError[] | null } | null | undefined;

/** Product numbers (42, 43) or global IDs, comma or space separated, as Product IDs. */
function productIds(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((p) => (/^\d{1,9}$/.test(p) ? Buffer.from(`Product:${p}`).toString('base64') : p));
}

export async function taxonomyAction(request: Request, context: AppLoadContext, kind: TaxonomyKind) {
  const form = Object.fromEntries([...(await request.formData())].filter(([, v]) => typeof v === 'string')) as Record<string, string>;
  const intent = form.intent ?? '';
  const id = form.id ?? '';
  const reply = (ok: boolean, message: string, errors: readonly ApiFieldError[] = []) =>
    data<ProductActionResult>({ intent, target: form.id ?? null, ok, message, errors: fieldMessages(errors), values: ok ? {} : form }, { status: ok ? 200 : 400 });
  const outcome = (result: Result, done: string) => (result?.errors?.length ? reply(false, result.errors[0]!.message ?? NETWORK_ERROR_TEXT, result.errors) : reply(true, done));

  if (intent === 'create' || intent === 'update') {
    const raw: Record<string, unknown> = { name: form.name, slug: form.slug };
    if (kind === 'categories') raw.parent = form.parent ?? '';
    if (kind === 'brands') {
      raw.isFeatured = form.isFeatured === 'on';
      raw.isInstallmentReady = form.isInstallmentReady === 'on';
    }
    const parsed = validate(intent === 'create' ? taxonomyCreateSchema : taxonomyUpdateSchema, raw);
    if (!parsed.ok) return reply(false, parsed.errors[0]!.message, parsed.errors);
    const { name, slug, parent, isFeatured, isInstallmentReady } = parsed.data;
    const input = kind === 'categories' ? { name, slug, parent } : kind === 'brands' ? { name, slug, isFeatured, isInstallmentReady } : { name, slug };
    const done = intent === 'create' ? 'Created.' : 'Saved.';
    if (kind === 'categories') {
      return outcome(intent === 'create' ? (await query(context, CategoryCreateMutation, { input })).categoryCreate : (await query(context, CategoryUpdateMutation, { id, input })).categoryUpdate, done);
    }
    if (kind === 'brands') {
      return outcome(intent === 'create' ? (await query(context, BrandCreateMutation, { input })).brandCreate : (await query(context, BrandUpdateMutation, { id, input })).brandUpdate, done);
    }
    return outcome(intent === 'create' ? (await query(context, CollectionCreateMutation, { input })).collectionCreate : (await query(context, CollectionUpdateMutation, { id, input })).collectionUpdate, done);
  }
  if (intent === 'delete') {
    const result =
      kind === 'categories'
        ? (await query(context, CategoryDeleteMutation, { id })).categoryDelete
        : kind === 'brands'
          ? (await query(context, BrandDeleteMutation, { id })).brandDelete
          : (await query(context, CollectionDeleteMutation, { id })).collectionDelete;
    return outcome(result, 'Deleted.');
  }
  if (kind === 'collections' && (intent === 'add-products' || intent === 'remove-products')) {
    const products = productIds(form.products ?? '');
    if (products.length === 0) return reply(false, 'Please enter product numbers.', [{ field: 'products', message: 'Please enter product numbers.' }]);
    const result =
      intent === 'add-products'
        ? (await query(context, CollectionAddProductsMutation, { collectionId: id, products })).collectionAddProducts
        : (await query(context, CollectionRemoveProductsMutation, { collectionId: id, products })).collectionRemoveProducts;
    return outcome(result, intent === 'add-products' ? 'Products added.' : 'Products removed.');
  }
  return reply(false, 'Unknown action.');
}
