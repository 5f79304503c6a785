// Tire search operations: dependent size values and results.
import { operation } from '../../common/graphql-operation';
import { PRODUCT_CARD_FIELDS, type Connection, type GqlProductCard } from './catalogue';

export type TireAttribute = 'WIDTH' | 'ASPECT_RATIO' | 'RIM_DIAMETER';

export const TireValuesQuery = operation<{ tireAttributeValues: string[] | null }, { attribute: TireAttribute; previousValues: string[] }>(
  /* GraphQL */ `
  query TireValues($attribute: TireAttribute!, $previousValues: [String!]) {
    tireAttributeValues(attribute: $attribute, previousValues: $previousValues)
  }
`,
);

export type GqlTire = { id: string; size: string | null; product: GqlProductCard | null };

export const TiresQuery = operation<
  { tires: Connection<GqlTire> | null },
  { filter: { width: number; aspectRatio: number; rimDiameter: number }; first: number; after?: string | null }
>(/* GraphQL */ `
  query Tires($filter: TireFilterInput, $first: Int!, $after: String) {
    tires(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo { hasNextPage endCursor }
      edges { node { id size product { ${PRODUCT_CARD_FIELDS} } } }
    }
  }
`);
