// The storefront content API: banners, announcementModals, testimonials, contentPage.
import { builder } from '../../graphql/builder';
import { ImageRef, ProductRef, imageOf } from '../catalogue/catalogue.schema';
import { type announcementModals, type banners, type contentPages, type testimonials } from './content.tables';
import { getContentPage, listAnnouncementModals, listBanners, listTestimonials } from './content.service';

type BannerRow = typeof banners.$inferSelect;
type AnnouncementRow = typeof announcementModals.$inferSelect;
type TestimonialRow = typeof testimonials.$inferSelect;
type ContentPageRow = typeof contentPages.$inferSelect;

export const BannerRef = builder.objectRef<BannerRow>('Banner').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    alt: t.exposeString('alt'),
    image: t.field({ type: ImageRef, args: { size: t.arg.int() }, resolve: (b, args) => imageOf(b.image, b.alt, args.size)! }),
    buttonLabel: t.exposeString('buttonLabel'),
    buttonLink: t.exposeString('buttonLink', { description: 'A shop path, or an http(s) address that leaves the site.' }),
  }),
});

export const AnnouncementModalRef = builder.objectRef<AnnouncementRow>('AnnouncementModal').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    alt: t.exposeString('alt'),
    image: t.field({ type: ImageRef, args: { size: t.arg.int() }, resolve: (a, args) => imageOf(a.image, a.alt, args.size)! }),
    modalLink: t.exposeString('modalLink'),
  }),
});

export const TestimonialRef = builder.objectRef<TestimonialRow>('Testimonial').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    location: t.exposeString('location'),
    content: t.exposeString('content'),
    rating: t.exposeInt('rating'),
    created: t.expose('createdAt', { type: 'DateTime' }),
    product: t.field({
      type: ProductRef,
      nullable: true,
      description: 'The product reviewed; null when none is named or it is no longer published.',
      // Through the catalogue's product loader (one statement for the whole carousel); a product
      // deleted or unpublished since the testimonial was written shows nothing rather than failing.
      resolve: async (row, _args, ctx) => {
        if (row.productId == null) return null;
        const product = await ProductRef.getDataloader(ctx).load(row.productId).catch(() => null);
        return product?.isPublished ? product : null;
      },
    }),
  }),
});

export const ContentPageRef = builder.objectRef<ContentPageRow>('ContentPage').implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    title: t.exposeString('title'),
    content: t.exposeString('content', { description: 'Sanitised HTML, safe to render as is.' }),
    seoDescription: t.exposeString('seoDescription'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.queryFields((t) => ({
  banners: t.field({
    type: [BannerRef],
    args: { first: t.arg.int({ defaultValue: 10 }) },
    resolve: (_root, args, ctx) => listBanners(ctx, args.first ?? 10),
  }),
  announcementModals: t.field({
    type: [AnnouncementModalRef],
    args: { first: t.arg.int({ defaultValue: 99 }) },
    resolve: (_root, args, ctx) => listAnnouncementModals(ctx, args.first ?? 99),
  }),
  testimonials: t.field({
    type: [TestimonialRef],
    args: { first: t.arg.int({ defaultValue: 10 }) },
    resolve: (_root, args, ctx) => listTestimonials(ctx, args.first ?? 10),
  }),
  contentPage: t.field({
    type: ContentPageRef,
    nullable: true,
    description: 'terms, faqs or faq-trade-in.',
    args: { slug: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => getContentPage(ctx, args.slug),
  }),
}));
