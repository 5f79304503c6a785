// Staff-edited content pages (terms, FAQ, trade-in FAQ), sanitised by the API.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export type GqlContentPage = NonNullable<G.ContentPageQuery['contentPage']>;

export const ContentPageQuery = operation<G.ContentPageQuery, G.ContentPageQueryVariables>(/* GraphQL */ `
  query ContentPage($slug: String!) {
    contentPage(slug: $slug) { slug title content seoDescription updatedAt }
  }
`);
