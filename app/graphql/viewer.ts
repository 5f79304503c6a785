import { operation } from '../../common/graphql-operation';

export type Viewer = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isVerified: boolean;
  isStaff: boolean;
  /** Orders placed or changed since the customer last opened them (the red dot on Account). */
  unreadOrdersCount?: number | null;
};

export const ViewerQuery = operation<{ me: Viewer | null }>(/* GraphQL */ `
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
