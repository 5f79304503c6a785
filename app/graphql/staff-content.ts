// The back office's content operations (/staff/content): everything listed, and the edits.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

type StaffContent = NonNullable<G.StaffContentQuery['staffContent']>;
export type StaffBanner = NonNullable<StaffContent['banners']>[number];
export type StaffAnnouncementModal = NonNullable<StaffContent['announcementModals']>[number];
export type StaffTestimonial = NonNullable<StaffContent['testimonials']>[number];
export type StaffContentPage = NonNullable<StaffContent['pages']>[number];

export const StaffContentQuery = operation<G.StaffContentQuery, G.StaffContentQueryVariables>(/* GraphQL */ `
  query StaffContent {
    staffContent {
      banners { id alt buttonLabel buttonLink isActive sortOrder image(size: 510) { url width height } }
      announcementModals { id name alt modalLink isActive sortOrder image(size: 255) { url width height } }
      testimonials { id name location content rating isActive sortOrder }
      pages { slug label path page { title content seoDescription updatedAt } }
    }
  }
`);

export const BannerCreateMutation = operation<G.BannerCreateMutation, G.BannerCreateMutationVariables>(/* GraphQL */ `
  mutation BannerCreate($input: BannerInput!) { bannerCreate(input: $input) { errors { field message } } }
`);
export const BannerUpdateMutation = operation<G.BannerUpdateMutation, G.BannerUpdateMutationVariables>(/* GraphQL */ `
  mutation BannerUpdate($id: ID!, $input: BannerInput!) { bannerUpdate(id: $id, input: $input) { errors { field message } } }
`);
export const BannerDeleteMutation = operation<G.BannerDeleteMutation, G.BannerDeleteMutationVariables>(/* GraphQL */ `
  mutation BannerDelete($id: ID!) { bannerDelete(id: $id) { errors { field message } } }
`);
export const BannersReorderMutation = operation<G.BannersReorderMutation, G.BannersReorderMutationVariables>(/* GraphQL */ `
  mutation BannersReorder($ids: [ID!]!) { bannersReorder(ids: $ids) { errors { field message } } }
`);

export const AnnouncementModalCreateMutation = operation<G.AnnouncementModalCreateMutation, G.AnnouncementModalCreateMutationVariables>(/* GraphQL */ `
  mutation AnnouncementModalCreate($input: AnnouncementModalInput!) { announcementModalCreate(input: $input) { errors { field message } } }
`);
export const AnnouncementModalUpdateMutation = operation<G.AnnouncementModalUpdateMutation, G.AnnouncementModalUpdateMutationVariables>(/* GraphQL */ `
  mutation AnnouncementModalUpdate($id: ID!, $input: AnnouncementModalInput!) { announcementModalUpdate(id: $id, input: $input) { errors { field message } } }
`);
export const AnnouncementModalDeleteMutation = operation<G.AnnouncementModalDeleteMutation, G.AnnouncementModalDeleteMutationVariables>(/* GraphQL */ `
  mutation AnnouncementModalDelete($id: ID!) { announcementModalDelete(id: $id) { errors { field message } } }
`);
export const AnnouncementModalsReorderMutation = operation<G.AnnouncementModalsReorderMutation, G.AnnouncementModalsReorderMutationVariables>(/* GraphQL */ `
  mutation AnnouncementModalsReorder($ids: [ID!]!) { announcementModalsReorder(ids: $ids) { errors { field message } } }
`);

export const TestimonialCreateMutation = operation<G.TestimonialCreateMutation, G.TestimonialCreateMutationVariables>(/* GraphQL */ `
  mutation TestimonialCreate($input: TestimonialInput!) { testimonialCreate(input: $input) { errors { field message } } }
`);
export const TestimonialUpdateMutation = operation<G.TestimonialUpdateMutation, G.TestimonialUpdateMutationVariables>(/* GraphQL */ `
  mutation TestimonialUpdate($id: ID!, $input: TestimonialInput!) { testimonialUpdate(id: $id, input: $input) { errors { field message } } }
`);
export const TestimonialDeleteMutation = operation<G.TestimonialDeleteMutation, G.TestimonialDeleteMutationVariables>(/* GraphQL */ `
  mutation TestimonialDelete($id: ID!) { testimonialDelete(id: $id) { errors { field message } } }
`);
export const TestimonialsReorderMutation = operation<G.TestimonialsReorderMutation, G.TestimonialsReorderMutationVariables>(/* GraphQL */ `
  mutation TestimonialsReorder($ids: [ID!]!) { testimonialsReorder(ids: $ids) { errors { field message } } }
`);

export const ContentPageUpdateMutation = operation<G.ContentPageUpdateMutation, G.ContentPageUpdateMutationVariables>(/* GraphQL */ `
  mutation ContentPageUpdate($input: ContentPageInput!) {
    contentPageUpdate(input: $input) { contentPage { content } errors { field message } }
  }
`);
