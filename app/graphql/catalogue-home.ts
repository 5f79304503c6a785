// Home page operations. Banners, testimonials and announcements are separate so that a failure
// in one renders nothing there (spec 2 §8) instead of failing the page.
import { operation } from '../../common/graphql-operation';
import { PRODUCT_CARD_FIELDS, type Connection, type GqlImage, type GqlProductCard, type GqlTile } from './catalogue';

export const HomeQuery = operation<{
  featuredBrands: Connection<GqlTile>;
  featuredProducts: Connection<GqlProductCard>;
  categories: Connection<GqlTile>;
}>(/* GraphQL */ `
  query Home {
    featuredBrands(first: 8) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name image(size: 128) { url alt width height } } }
    }
    featuredProducts(first: 8) {
      pageInfo { hasNextPage endCursor }
      edges { node { ${PRODUCT_CARD_FIELDS} } }
    }
    categories(first: 12, level: 0) {
      pageInfo { hasNextPage endCursor }
      edges { node { id name image: backgroundImage(size: 255) { url alt width height } } }
    }
  }
`);

export type GqlBanner = { id: string; alt: string | null; buttonLabel: string | null; buttonLink: string | null; image: GqlImage | null };

export const BannersQuery = operation<{ banners: GqlBanner[] | null }>(/* GraphQL */ `
  query Banners {
    banners(first: 20) { id alt buttonLabel buttonLink image(size: 1600) { url alt width height srcSet } }
  }
`);

export type GqlAnnouncement = { id: string; name: string | null; alt: string | null; modalLink: string | null; image: GqlImage | null };

export const AnnouncementsQuery = operation<{ announcementModals: GqlAnnouncement[] | null }>(/* GraphQL */ `
  query Announcements {
    announcementModals(first: 99) { id name alt modalLink image(size: 1020) { url alt width height } }
  }
`);

export type GqlTestimonial = {
  id: string;
  name: string | null;
  location: string | null;
  content: string | null;
  rating: number | null;
  created: string | null;
  product: { id: string; name: string; url: string; brand: { name: string } | null; thumbnail: GqlImage | null } | null;
};

export const TestimonialsQuery = operation<{ testimonials: GqlTestimonial[] | null }>(/* GraphQL */ `
  query Testimonials {
    testimonials(first: 8) {
      id name location content rating created
      product { id name url brand { name } thumbnail(size: 128) { url alt width height } }
    }
  }
`);
