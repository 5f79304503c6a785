// Tire search operations: dependent size values and results.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import { PRODUCT_CARD_FIELDS } from './catalogue';

export type TireAttribute = G.TireAttribute;

export const TireValuesQuery = operation<G.TireValuesQuery, G.TireValuesQueryVariables>(
  /* GraphQL */ `
  query TireValues($attribute: TireAttribute!, $previousValues: [String!]) {
    tireAttributeValues(attribute: $attribute, previousValues: $previousValues)
  }
`,
);

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
