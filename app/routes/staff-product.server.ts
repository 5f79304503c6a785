// The product screens' one action: the forms post an intent (product, variant-create,
// variant-update, media-create, media-move...), checked with the API's own rules
// (common/catalogue/product-admin.ts) so a refusal names its fields and the typed values stay;
// the API checks the permission and the rules again.
import { data, redirect, type AppLoadContext } from 'react-router';
import { fieldMessages, validate } from '../../common/validation/issues';
import { NETWORK_ERROR_TEXT, type ApiFieldError } from '../../common/errors';
import {
  mediaFieldsSchema,
  mediaUploadSchema,
  productCreateSchema,
  productFormInput,
  productUpdateSchema,
  variantCreateSchema,
  variantUpdateSchema,
} from '../../common/catalogue/product-admin';
import {
  MediaCreateMutation,
  MediaDeleteMutation,
  MediaReorderMutation,
  MediaUpdateMutation,
  ProductCreateMutation,
  ProductDeleteMutation,
  ProductUpdateMutation,
  StaffProductQuery,
  toStaffProduct,
  VariantCreateMutation,
  VariantDeleteMutation,
  VariantUpdateMutation,
} from '../graphql/staff-catalogue';
import { query } from '../lib/api.server';
import { productNumber } from '../components/staff/product-ids';
import type { ProductActionResult } from '../components/staff/types';



const DONE: Record<string, string> = {
  product: 'Product saved.',
  'variant-create': 'Variant added.',
  'variant-update': 'Variant saved.',
  'variant-delete': 'Variant deleted.',
  'media-create': 'Image uploaded.',
  'media-update': 'Image saved.',
  'media-move': 'Images reordered.',
  'media-delete': 'Image deleted.',
};

async function textFields(formData: FormData): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) if (typeof value === 'string') values[key] = value;
  return values;
}

/** An uploaded file as the API takes it: a data URL of its bytes (the API decodes and checks it). */
async function fileAsDataUrl(file: FormDataEntryValue | null): Promise<string> {
  if (!file || typeof file === 'string' || file.size === 0) return '';
  const type = file.type && file.type.startsWith('image/') ? file.type : file.type || 'application/octet-stream';
  return `data:${type};base64,${Buffer.from(await file.arrayBuffer()).toString('base64')}`;
}

export async function productAction(request: Request, context: AppLoadContext, productId: string | null) {
  const formData = await request.formData();
  const form = await textFields(formData);
  const intent = form.intent ?? '';
  const target = form.id ?? null;
  const reply = (ok: boolean, message: string, errors: readonly ApiFieldError[] = []) =>
    data<ProductActionResult>(
      { intent, target, ok, message, errors: fieldMessages(errors), values: ok ? {} : form },
      { status: ok ? 200 : 400 },
    );
  const outcome = (result: { errors: ApiFieldError[] | null } | null | undefined) => {
    const errors = result?.errors ?? [];
    return errors.length ? reply(false, errors[0]!.message ?? NETWORK_ERROR_TEXT, errors) : reply(true, DONE[intent] ?? 'Saved.');
  };

  if (intent === 'product') {
    const input = productFormInput(form);
    if (!productId) {
      const parsed = validate(productCreateSchema, input);
      if (!parsed.ok) return reply(false, parsed.errors[0]!.message, parsed.errors);
      const result = (await query(context, ProductCreateMutation, { input: parsed.data })).productCreate;
      if (result?.product) throw redirect(`/staff/products/${productNumber(result.product.id)}`);
      return outcome(result);
    }
    const parsed = validate(productUpdateSchema, input);
    if (!parsed.ok) return reply(false, parsed.errors[0]!.message, parsed.errors);
    return outcome((await query(context, ProductUpdateMutation, { id: productId, input: parsed.data })).productUpdate);
  }
  if (!productId) return reply(false, 'Unknown action.');

  switch (intent) {
    case 'product-delete': {
      const result = (await query(context, ProductDeleteMutation, { id: productId })).productDelete;
      if (result && !result.errors?.length) throw redirect('/staff/products?deleted=1');
      return outcome(result);
    }
    case 'variant-create': {
      const parsed = validate(variantCreateSchema, form);
      if (!parsed.ok) return reply(false, parsed.errors[0]!.message, parsed.errors);
      return outcome((await query(context, VariantCreateMutation, { input: { product: productId, ...parsed.data } })).productVariantCreate);
    }
    case 'variant-update': {
      const { price, stockQuantity } = form;
      const parsed = validate(variantUpdateSchema, { price, stockQuantity });
      if (!parsed.ok) return reply(false, parsed.errors[0]!.message, parsed.errors);
      return outcome((await query(context, VariantUpdateMutation, { id: target ?? '', input: parsed.data })).productVariantUpdate);
    }
    case 'variant-delete':
      return outcome((await query(context, VariantDeleteMutation, { id: target ?? '' })).productVariantDelete);
    case 'media-create': {
      const parsed = validate(mediaUploadSchema, { image: await fileAsDataUrl(formData.get('image')), alt: form.alt, color: form.color });
      if (!parsed.ok) return reply(false, parsed.errors[0]!.message, parsed.errors);
      return outcome((await query(context, MediaCreateMutation, { input: { product: productId, ...parsed.data } })).productMediaCreate);
    }
    case 'media-update': {
      const parsed = validate(mediaFieldsSchema, { alt: form.alt, color: form.color });
      if (!parsed.ok) return reply(false, parsed.errors[0]!.message, parsed.errors);
      return outcome((await query(context, MediaUpdateMutation, { id: target ?? '', input: parsed.data })).productMediaUpdate);
    }
    case 'media-move': {
      const ids = toStaffProduct(await query(context, StaffProductQuery, { id: productId }))?.images.map((i) => i.id) ?? [];
      const from = ids.indexOf(target ?? '');
      const to = from + (form.direction === 'up' ? -1 : 1);
      if (from < 0 || to < 0 || to >= ids.length) return reply(true, DONE[intent]!);
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      return outcome((await query(context, MediaReorderMutation, { productId, mediaIds: ids })).productMediaReorder);
    }
    case 'media-delete':
      return outcome((await query(context, MediaDeleteMutation, { id: target ?? '' })).productMediaDelete);
    default:
      return reply(false, 'Unknown action.');
  }
}
