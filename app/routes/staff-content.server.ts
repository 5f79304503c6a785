// The content tabs' form posts: one action per kind that switches on the intent (create, save,
// activate, deactivate, up, down, delete) and calls the API, which checks everything again.
import { data, type AppLoadContext } from 'react-router';
import { validate } from '../../common/validation/issues';
import { announcementModalSchema, bannerSchema, CONTENT_IMAGE_MAX_BYTES, CONTENT_MESSAGES, testimonialSchema } from '../../common/content/content-rules';
import type { ApiFieldError } from '../../common/errors';
import {
  AnnouncementModalCreateMutation,
  AnnouncementModalDeleteMutation,
  AnnouncementModalsReorderMutation,
  AnnouncementModalUpdateMutation,
  BannerCreateMutation,
  BannerDeleteMutation,
  BannersReorderMutation,
  BannerUpdateMutation,
  StaffContentQuery,
  TestimonialCreateMutation,
  TestimonialDeleteMutation,
  TestimonialsReorderMutation,
  TestimonialUpdateMutation,
} from '../graphql/staff-content';
import { query } from '../lib/api.server';
import { contentKindOf, type ContentKind } from '../components/staff/content-kind';

export type ContentActionResult = { ok: boolean; message: string; intent: string; id: string; errors: ApiFieldError[] };

const text = (form: FormData, name: string) => (form.has(name) ? String(form.get(name) ?? '') : undefined);

async function imageOf(form: FormData): Promise<string | undefined | ApiFieldError> {
  const file = form.get('image');
  if (!(file instanceof File) || file.size === 0) return undefined;
  if (file.size > CONTENT_IMAGE_MAX_BYTES || !/^image\/(jpeg|png|webp)$/.test(file.type)) return { field: 'base64Str', message: CONTENT_MESSAGES.image };
  return `data:${file.type};base64,${Buffer.from(await file.arrayBuffer()).toString('base64')}`;
}

/** The fields of the kind's form, as the API's input. */
function inputOf(kind: ContentKind, form: FormData) {
  const isActive = form.has('isActive') ? form.get('isActive') === 'on' : undefined;
  if (kind === 'banner') return { alt: text(form, 'alt'), buttonLabel: text(form, 'buttonLabel'), buttonLink: text(form, 'buttonLink'), isActive };
  if (kind === 'announcementModal') return { name: text(form, 'name'), alt: text(form, 'alt'), modalLink: text(form, 'modalLink'), isActive };
  const rating = text(form, 'rating');
  return { name: text(form, 'name'), location: text(form, 'location'), content: text(form, 'content'), rating: rating === undefined ? undefined : Number(rating), isActive };
}

const SCHEMAS = { banner: bannerSchema, announcementModal: announcementModalSchema, testimonial: testimonialSchema } as const;

async function mutate(context: AppLoadContext, kind: ContentKind, intent: string, id: string, form: FormData): Promise<ApiFieldError[]> {
  const input = Object.fromEntries(Object.entries(inputOf(kind, form)).filter(([, v]) => v !== undefined));
  if (intent === 'create' || intent === 'save') {
    // The same rules as the API, so the form answers before the upload is sent.
    const checked = validate(SCHEMAS[kind], input);
    if (intent === 'create' && !checked.ok) return checked.errors;
    const image = kind === 'testimonial' ? undefined : await imageOf(form);
    if (image && typeof image === 'object') return [image];
    if (intent === 'create' && kind !== 'testimonial' && !image) return [{ field: 'base64Str', message: CONTENT_MESSAGES.image }];
    const withImage = image ? { ...input, base64Str: image } : input;
    if (kind === 'banner') {
      const r = intent === 'create' ? (await query(context, BannerCreateMutation, { input: withImage })).bannerCreate : (await query(context, BannerUpdateMutation, { id, input: withImage })).bannerUpdate;
      return r?.errors ?? [];
    }
    if (kind === 'announcementModal') {
      const r =
        intent === 'create'
          ? (await query(context, AnnouncementModalCreateMutation, { input: withImage })).announcementModalCreate
          : (await query(context, AnnouncementModalUpdateMutation, { id, input: withImage })).announcementModalUpdate;
      return r?.errors ?? [];
    }
    const r = intent === 'create' ? (await query(context, TestimonialCreateMutation, { input })).testimonialCreate : (await query(context, TestimonialUpdateMutation, { id, input })).testimonialUpdate;
    return r?.errors ?? [];
  }
  if (intent === 'activate' || intent === 'deactivate') {
    const isActive = intent === 'activate';
    if (kind === 'banner') return (await query(context, BannerUpdateMutation, { id, input: { isActive } })).bannerUpdate?.errors ?? [];
    if (kind === 'announcementModal') return (await query(context, AnnouncementModalUpdateMutation, { id, input: { isActive } })).announcementModalUpdate?.errors ?? [];
    return (await query(context, TestimonialUpdateMutation, { id, input: { isActive } })).testimonialUpdate?.errors ?? [];
  }
  if (intent === 'delete') {
    if (kind === 'banner') return (await query(context, BannerDeleteMutation, { id })).bannerDelete?.errors ?? [];
    if (kind === 'announcementModal') return (await query(context, AnnouncementModalDeleteMutation, { id })).announcementModalDelete?.errors ?? [];
    return (await query(context, TestimonialDeleteMutation, { id })).testimonialDelete?.errors ?? [];
  }
  if (intent === 'up' || intent === 'down') {
    const { staffContent } = await query(context, StaffContentQuery);
    const list = (kind === 'banner' ? staffContent?.banners : kind === 'announcementModal' ? staffContent?.announcementModals : staffContent?.testimonials) ?? [];
    const ids = list.flatMap((item) => item.id ?? []);
    const from = ids.indexOf(id);
    const to = intent === 'up' ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return [];
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    if (kind === 'banner') return (await query(context, BannersReorderMutation, { ids })).bannersReorder?.errors ?? [];
    if (kind === 'announcementModal') return (await query(context, AnnouncementModalsReorderMutation, { ids })).announcementModalsReorder?.errors ?? [];
    return (await query(context, TestimonialsReorderMutation, { ids })).testimonialsReorder?.errors ?? [];
  }
  return [{ field: null, message: CONTENT_MESSAGES.required }];
}

const DONE: Record<string, string> = {
  create: 'Added.',
  save: 'Saved.',
  activate: 'Shown on the storefront.',
  deactivate: 'Hidden from the storefront.',
  up: 'Moved up.',
  down: 'Moved down.',
  delete: 'Deleted.',
};

export async function contentItemAction(request: Request, context: AppLoadContext) {
  const kind = contentKindOf(new URL(request.url));
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = String(form.get('id') ?? '');
  const errors = await mutate(context, kind, intent, id, form);
  const result: ContentActionResult = { ok: errors.length === 0, message: errors[0]?.message ?? DONE[intent] ?? 'Saved.', intent, id, errors };
  return data(result, { status: errors.length ? 400 : 200 });
}
