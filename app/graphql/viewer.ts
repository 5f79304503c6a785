import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export type Viewer = NonNullable<G.ViewerQuery['me']>;

export const ViewerQuery = operation<G.ViewerQuery, G.ViewerQueryVariables>(/* GraphQL */ `
  query Viewer {
    me {
      id
      email
      firstName
      lastName
      isVerified
      isStaff
      unreadOrdersCount
    }
  }
`);
