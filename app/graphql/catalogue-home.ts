// Home page operations. Banners, testimonials and announcements are separate so that a failure
// in one renders nothing there (docs/product/content.md#home) instead of failing the page.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import { PRODUCT_CARD_FIELDS } from './catalogue';

export const HomeQuery = operation<G.HomeQuery, G.HomeQueryVariables>(/* GraphQL */ `
  query Home {
    featuredBrands(first: 8) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name image(size: 128) { url alt width height } } }
    }
    featuredProducts(first: 8) {
      pageInfo { hasNextPage endCursor }
      edges { node { ...ProductCardFields } }
    }
    categories(first: 12, level: 0) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name image: backgroundImage(size: 255) { url alt width height } } }
    }
  }
  ${PRODUCT_CARD_FIELDS}
`);

export type GqlBanner = NonNullable<G.BannersQuery['banners']>[number];

export const BannersQuery = operation<G.BannersQuery, G.BannersQueryVariables>(/* GraphQL */ `
  query Banners {
    banners(first: 20) { id alt buttonLabel buttonLink image(size: 1600) { url alt width height srcSet } }
  }
`);

export type GqlAnnouncement = NonNullable<G.AnnouncementsQuery['announcementModals']>[number];

export const AnnouncementsQuery = operation<G.AnnouncementsQuery, G.AnnouncementsQueryVariables>(/* GraphQL */ `
  query Announcements {
    announcementModals(first: 99) { id name alt modalLink image(size: 1020) { url alt width height } }
  }
`);

export type GqlTestimonial = NonNullable<G.TestimonialsQuery['testimonials']>[number];

export const TestimonialsQuery = operation<G.TestimonialsQuery, G.TestimonialsQueryVariables>(/* GraphQL */ `
  query Testimonials {
    testimonials(first: 8) {
      id name location content rating created
      product { id name url brand { name } thumbnail(size: 128) { url alt width height } }
    }
  }
`);
