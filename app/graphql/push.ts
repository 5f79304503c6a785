// Web Push for the profile's toggle (docs/product/accounts.md#push-notifications authorizeDevice; docs/decisions/014-web-push.md).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export const PushSettingsQuery = operation<G.PushSettingsQuery, G.PushSettingsQueryVariables>(/* GraphQL */ `
  query PushSettings {
    webPushPublicKey
    me {
      webPushEndpoints
    }
  }
`);

export const AuthorizeDeviceMutation = operation<G.AuthorizeDeviceMutation, G.AuthorizeDeviceMutationVariables>(/* GraphQL */ `
  mutation AuthorizeDevice($registrationId: String!) {
    authorizeDevice(registrationId: $registrationId, type: WEB) {
      isSuccessful
      errors {
        field
        message
      }
    }
  }
`);

export const UnauthorizeDeviceMutation = operation<G.UnauthorizeDeviceMutation, G.UnauthorizeDeviceMutationVariables>(/* GraphQL */ `
  mutation UnauthorizeDevice($registrationId: String!) {
    unauthorizeDevice(registrationId: $registrationId) {
      isSuccessful
      errors {
        field
        message
      }
    }
  }
`);
