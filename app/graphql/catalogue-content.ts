// Staff-edited content pages (terms, FAQ, trade-in FAQ), sanitised by the API.
import { operation } from '../../common/graphql-operation';

export type GqlContentPage = { slug: string; title: string | null; content: string | null; seoDescription: string | null; updatedAt: string | null };

export const ContentPageQuery = operation<{ contentPage: GqlContentPage | null }, { slug: string }>(/* GraphQL */ `
  query ContentPage($slug: String!) {
    contentPage(slug: $slug) { slug title content seoDescription updatedAt }
  }
`);
