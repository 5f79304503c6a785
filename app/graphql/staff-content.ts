// The back office's content operations (/staff/content): everything listed, and the edits.
import { operation } from '../../common/graphql-operation';

type Errors = { errors: { field: string | null; message: string }[] };
type Image = { url: string; width: number; height: number };

export type StaffBanner = { id: string; alt: string; buttonLabel: string; buttonLink: string; isActive: boolean; sortOrder: number; image: Image };
export type StaffAnnouncementModal = { id: string; name: string; alt: string; modalLink: string; isActive: boolean; sortOrder: number; image: Image };
export type StaffTestimonial = { id: string; name: string; location: string; content: string; rating: number; isActive: boolean; sortOrder: number };
export type StaffContentPage = {
  slug: string;
  label: string;
  path: string;
  page: { title: string; content: string; seoDescription: string; updatedAt: string } | null;
};

export const StaffContentQuery = operation<{
  staffContent: {
    banners: StaffBanner[];
    announcementModals: StaffAnnouncementModal[];
    testimonials: StaffTestimonial[];
    pages: StaffContentPage[];
  } | null;
}>(/* GraphQL */ `
  query StaffContent {
    staffContent {
      banners { id alt buttonLabel buttonLink isActive sortOrder image(size: 510) { url width height } }
      announcementModals { id name alt modalLink isActive sortOrder image(size: 255) { url width height } }
      testimonials { id name location content rating isActive sortOrder }
      pages { slug label path page { title content seoDescription updatedAt } }
    }
  }
`);

export type BannerInputVars = { alt?: string; buttonLabel?: string; buttonLink?: string; isActive?: boolean; base64Str?: string };
export type AnnouncementModalInputVars = { name?: string; alt?: string; modalLink?: string; isActive?: boolean; base64Str?: string };
export type TestimonialInputVars = { name?: string; location?: string; content?: string; rating?: number; isActive?: boolean };

export const BannerCreateMutation = operation<{ bannerCreate: Errors | null }, { input: BannerInputVars }>(/* GraphQL */ `
  mutation BannerCreate($input: BannerInput!) { bannerCreate(input: $input) { errors { field message } } }
`);
export const BannerUpdateMutation = operation<{ bannerUpdate: Errors | null }, { id: string; input: BannerInputVars }>(/* GraphQL */ `
  mutation BannerUpdate($id: ID!, $input: BannerInput!) { bannerUpdate(id: $id, input: $input) { errors { field message } } }
`);
export const BannerDeleteMutation = operation<{ bannerDelete: Errors | null }, { id: string }>(/* GraphQL */ `
  mutation BannerDelete($id: ID!) { bannerDelete(id: $id) { errors { field message } } }
`);
export const BannersReorderMutation = operation<{ bannersReorder: Errors | null }, { ids: string[] }>(/* GraphQL */ `
  mutation BannersReorder($ids: [ID!]!) { bannersReorder(ids: $ids) { errors { field message } } }
`);

export const AnnouncementModalCreateMutation = operation<{ announcementModalCreate: Errors | null }, { input: AnnouncementModalInputVars }>(/* GraphQL */ `
  mutation AnnouncementModalCreate($input: AnnouncementModalInput!) { announcementModalCreate(input: $input) { errors { field message } } }
`);
export const AnnouncementModalUpdateMutation = operation<{ announcementModalUpdate: Errors | null }, { id: string; input: AnnouncementModalInputVars }>(/* GraphQL */ `
  mutation AnnouncementModalUpdate($id: ID!, $input: AnnouncementModalInput!) { announcementModalUpdate(id: $id, input: $input) { errors { field message } } }
`);
export const AnnouncementModalDeleteMutation = operation<{ announcementModalDelete: Errors | null }, { id: string }>(/* GraphQL */ `
  mutation AnnouncementModalDelete($id: ID!) { announcementModalDelete(id: $id) { errors { field message } } }
`);
export const AnnouncementModalsReorderMutation = operation<{ announcementModalsReorder: Errors | null }, { ids: string[] }>(/* GraphQL */ `
  mutation AnnouncementModalsReorder($ids: [ID!]!) { announcementModalsReorder(ids: $ids) { errors { field message } } }
`);

export const TestimonialCreateMutation = operation<{ testimonialCreate: Errors | null }, { input: TestimonialInputVars }>(/* GraphQL */ `
  mutation TestimonialCreate($input: TestimonialInput!) { testimonialCreate(input: $input) { errors { field message } } }
`);
export const TestimonialUpdateMutation = operation<{ testimonialUpdate: Errors | null }, { id: string; input: TestimonialInputVars }>(/* GraphQL */ `
  mutation TestimonialUpdate($id: ID!, $input: TestimonialInput!) { testimonialUpdate(id: $id, input: $input) { errors { field message } } }
`);
export const TestimonialDeleteMutation = operation<{ testimonialDelete: Errors | null }, { id: string }>(/* GraphQL */ `
  mutation TestimonialDelete($id: ID!) { testimonialDelete(id: $id) { errors { field message } } }
`);
export const TestimonialsReorderMutation = operation<{ testimonialsReorder: Errors | null }, { ids: string[] }>(/* GraphQL */ `
  mutation TestimonialsReorder($ids: [ID!]!) { testimonialsReorder(ids: $ids) { errors { field message } } }
`);

export const ContentPageUpdateMutation = operation<
  { contentPageUpdate: (Errors & { contentPage: { content: string } | null }) | null },
  { input: { slug: string; title: string; content: string; seoDescription: string } }
>(/* GraphQL */ `
  mutation ContentPageUpdate($input: ContentPageInput!) {
    contentPageUpdate(input: $input) { contentPage { content } errors { field message } }
  }
`);
