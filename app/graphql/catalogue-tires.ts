// Tire search operations: dependent size values and results.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import { PRODUCT_CARD_FIELDS } from './catalogue';

export type TireAttribute = G.TireAttribute;

export const TireValuesQuery = operation<G.TireValuesQuery, G.TireValuesQueryVariables>(
  /* GraphQL */ `
  query TireValues($attribute: TireAttribute!, $previousValues: [String!], $brand: ID, $category: ID) {
    tireAttributeValues(attribute: $attribute, previousValues: $previousValues, brand: $brand, category: $category)
  }
`,
);

/** The brand or category a /tire-search/{type}/{id} page is limited to: its name for the heading. */
export const TireScopeQuery = operation<G.TireScopeQuery, G.TireScopeQueryVariables>(/* GraphQL */ `
  query TireScope($id: ID!, $isBrand: Boolean!) {
    brand(id: $id) @include(if: $isBrand) { id name }
    category(id: $id) @skip(if: $isBrand) { id name }
  }
`);

export type GqlTire = NonNullable<G.TiresQuery['tires']>['edges'][number]['node'];

export const TiresQuery = operation<G.TiresQuery, G.TiresQueryVariables>(/* GraphQL */ `
  query Tires($filter: TireFilterInput, $first: Int!, $after: String) {
    tires(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id size product { ...ProductCardFields } } }
    }
  }
  ${PRODUCT_CARD_FIELDS}
`);
