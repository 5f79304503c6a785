// Staff content API (MANAGE_CONTENT): staffContent, and create/update/delete/reorder of banners,
// announcement modals and testimonials, and contentPageUpdate. Activation is `isActive` on update.
import { builder } from '../../graphql/builder';
import { requireRowId } from '../../graphql/node-key';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { CONTENT_MESSAGES } from '../../../common/content/content-rules';
import {
  createAnnouncementModal,
  createBanner,
  createTestimonial,
  deleteContent,
  reorderContent,
  staffContent,
  updateAnnouncementModal,
  updateBanner,
  updateContentPage,
  updateTestimonial,
  type AnnouncementModalRow,
  type BannerRow,
  type ContentKind,
  type ContentPageRow,
  type TestimonialRow,
} from './content-staff.service';
import { AnnouncementModalRef, BannerRef, ContentPageRef, TestimonialRef } from './content.schema';

const MANAGE_CONTENT = { permission: 'MANAGE_CONTENT' } as const;

// The back office lists inactive items too: it needs to see which are on, and their order.
for (const ref of [BannerRef, AnnouncementModalRef, TestimonialRef] as const) {
  builder.objectFields(ref, (t) => ({
    isActive: t.boolean({ resolve: (row: { isActive: boolean }) => row.isActive }),
    sortOrder: t.int({ resolve: (row: { sortOrder: number }) => row.sortOrder }),
  }));
}

/** A content row id: the bare number the content types expose, or a global id of one of them. */
function contentId(value: string | number): number {
  return requireRowId(value, ['Banner', 'AnnouncementModal', 'Testimonial'], { message: CONTENT_MESSAGES.notFound, bareNumbers: true });
}

type StaffContentShape = Awaited<ReturnType<typeof staffContent>>;

const StaffContentPageRef = builder.objectRef<StaffContentShape['pages'][number]>('StaffContentPage').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    label: t.exposeString('label'),
    path: t.exposeString('path', { description: 'Where the storefront shows the page.' }),
    page: t.field({ type: ContentPageRef, nullable: true, description: 'Null until staff save it (the built-in text shows meanwhile).', resolve: (p) => p.page }),
  }),
});

const StaffContentRef = builder.objectRef<StaffContentShape>('StaffContent').implement({
  fields: (t) => ({
    banners: t.field({ type: [BannerRef], resolve: (c) => c.banners }),
    announcementModals: t.field({ type: [AnnouncementModalRef], resolve: (c) => c.announcementModals }),
    testimonials: t.field({ type: [TestimonialRef], resolve: (c) => c.testimonials }),
    pages: t.field({ type: [StaffContentPageRef], resolve: (c) => c.pages }),
  }),
});

builder.queryField('staffContent', (t) =>
  t.field({
    type: StaffContentRef,
    nullable: true,
    description: 'Staff (MANAGE_CONTENT): every banner, announcement modal and testimonial (inactive too) and the content pages.',
    authScopes: MANAGE_CONTENT,
    resolve: (_root, _args, ctx) => staffContent(ctx),
  }),
);

const BannerInput = builder.inputType('BannerInput', {
  fields: (t) => ({
    alt: t.string(),
    buttonLabel: t.string(),
    buttonLink: t.string({ description: 'A shop path (/shop/...) or an http(s) address.' }),
    isActive: t.boolean(),
    base64Str: t.string({ description: 'The picture (JPEG, PNG or WebP up to 5 MB), base64 or a data: URL; required on create.' }),
  }),
});

const AnnouncementModalInput = builder.inputType('AnnouncementModalInput', {
  fields: (t) => ({
    name: t.string(),
    alt: t.string(),
    modalLink: t.string(),
    isActive: t.boolean(),
    base64Str: t.string({ description: 'The picture, base64 or a data: URL; required on create.' }),
  }),
});

const TestimonialInput = builder.inputType('TestimonialInput', {
  fields: (t) => ({
    name: t.string(),
    location: t.string(),
    content: t.string(),
    rating: t.int(),
    isActive: t.boolean(),
  }),
});

const ContentPageInput = builder.inputType('ContentPageInput', {
  fields: (t) => ({
    slug: t.string({ required: true, description: 'terms, faqs, faq-trade-in, privacy-policy or about.' }),
    title: t.string({ required: true }),
    content: t.string({ required: true, description: 'HTML from the editor; sanitised before it is stored.' }),
    seoDescription: t.string(),
  }),
});

function payload<T extends object>(name: string, key: string, type: typeof BannerRef | typeof AnnouncementModalRef | typeof TestimonialRef) {
  return builder.objectRef<WithErrors<T>>(name).implement({
    fields: (f) => ({
      [key]: f.field({ type: type as typeof BannerRef, nullable: true, resolve: (p) => ((p as Record<string, unknown>)[key] as BannerRow | undefined) ?? null }),
      errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

const ContentDeletePayload = builder.objectRef<WithErrors<{ id: number }>>('ContentDelete').implement({
  fields: (f) => ({
    id: f.id({ nullable: true, description: 'The deleted item.', resolve: (p) => p.id ?? null }),
    errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

const ContentReorderPayload = builder.objectRef<WithErrors<{ ids: number[] }>>('ContentReorder').implement({
  fields: (f) => ({
    ids: f.idList({ nullable: true, description: 'Every item, in the new order.', resolve: (p) => p.ids ?? null }),
    errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

const clean = <T extends Record<string, unknown>>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]?: NonNullable<T[K]> };

type Kind = { kind: ContentKind; Name: string; plural: string };
const KINDS: Kind[] = [
  { kind: 'banner', Name: 'Banner', plural: 'banners' },
  { kind: 'announcementModal', Name: 'AnnouncementModal', plural: 'announcementModals' },
  { kind: 'testimonial', Name: 'Testimonial', plural: 'testimonials' },
];

for (const { kind, Name, plural } of KINDS) {
  builder.mutationField(`${kind}Delete`, (t) =>
    t.field({
      type: ContentDeletePayload,
      description: `Staff (MANAGE_CONTENT): deletes a ${Name}.`,
      authScopes: MANAGE_CONTENT,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_root, args, ctx) => runMutation(() => deleteContent(ctx, kind, contentId(args.id))),
    }),
  );
  builder.mutationField(`${plural}Reorder`, (t) =>
    t.field({
      type: ContentReorderPayload,
      description: `Staff (MANAGE_CONTENT): the storefront's order of every ${Name}, first to last.`,
      authScopes: MANAGE_CONTENT,
      args: { ids: t.arg.idList({ required: true }) },
      resolve: (_root, args, ctx) => runMutation(async () => ({ ids: await reorderContent(ctx, kind, args.ids.map(contentId)) })),
    }),
  );
}

const BannerPayload = (name: string) => payload<{ banner: BannerRow }>(name, 'banner', BannerRef);
builder.mutationFields((t) => ({
  bannerCreate: t.field({
    type: BannerPayload('BannerCreate'),
    description: 'Staff (MANAGE_CONTENT): a home banner, shown last.',
    authScopes: MANAGE_CONTENT,
    args: { input: t.arg({ type: BannerInput, required: true }) },
    resolve: (_root, { input }, ctx) => runMutation(async () => ({ banner: await createBanner(ctx, clean(input)) })),
  }),
  bannerUpdate: t.field({
    type: BannerPayload('BannerUpdate'),
    description: 'Staff (MANAGE_CONTENT): changes the fields given (a new picture replaces the old).',
    authScopes: MANAGE_CONTENT,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: BannerInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => runMutation(async () => ({ banner: await updateBanner(ctx, contentId(id), clean(input)) })),
  }),
}));

const AnnouncementPayload = (name: string) =>
  payload<{ announcementModal: AnnouncementModalRow }>(name, 'announcementModal', AnnouncementModalRef);
builder.mutationFields((t) => ({
  announcementModalCreate: t.field({
    type: AnnouncementPayload('AnnouncementModalCreate'),
    description: 'Staff (MANAGE_CONTENT): an announcement modal, shown last.',
    authScopes: MANAGE_CONTENT,
    args: { input: t.arg({ type: AnnouncementModalInput, required: true }) },
    resolve: (_root, { input }, ctx) => runMutation(async () => ({ announcementModal: await createAnnouncementModal(ctx, clean(input)) })),
  }),
  announcementModalUpdate: t.field({
    type: AnnouncementPayload('AnnouncementModalUpdate'),
    description: 'Staff (MANAGE_CONTENT): changes the fields given.',
    authScopes: MANAGE_CONTENT,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: AnnouncementModalInput, required: true }) },
    resolve: (_root, { id, input }, ctx) =>
      runMutation(async () => ({ announcementModal: await updateAnnouncementModal(ctx, contentId(id), clean(input)) })),
  }),
}));

const TestimonialPayload = (name: string) => payload<{ testimonial: TestimonialRow }>(name, 'testimonial', TestimonialRef);
builder.mutationFields((t) => ({
  testimonialCreate: t.field({
    type: TestimonialPayload('TestimonialCreate'),
    description: 'Staff (MANAGE_CONTENT): a testimonial, shown last.',
    authScopes: MANAGE_CONTENT,
    args: { input: t.arg({ type: TestimonialInput, required: true }) },
    resolve: (_root, { input }, ctx) => runMutation(async () => ({ testimonial: await createTestimonial(ctx, clean(input)) })),
  }),
  testimonialUpdate: t.field({
    type: TestimonialPayload('TestimonialUpdate'),
    description: 'Staff (MANAGE_CONTENT): changes the fields given.',
    authScopes: MANAGE_CONTENT,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: TestimonialInput, required: true }) },
    resolve: (_root, { id, input }, ctx) => runMutation(async () => ({ testimonial: await updateTestimonial(ctx, contentId(id), clean(input)) })),
  }),
}));

builder.mutationField('contentPageUpdate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ contentPage: ContentPageRow }>>('ContentPageUpdate').implement({
      fields: (f) => ({
        contentPage: f.field({ type: ContentPageRef, nullable: true, resolve: (p) => p.contentPage ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Staff (MANAGE_CONTENT): saves a content page; its HTML is sanitised (no scripts, styles or event handlers).',
    authScopes: MANAGE_CONTENT,
    args: { input: t.arg({ type: ContentPageInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      runMutation(async () => ({
        contentPage: await updateContentPage(ctx, { slug: input.slug, title: input.title, content: input.content, seoDescription: input.seoDescription ?? undefined }),
      })),
  }),
);
