// Web Push for the profile's toggle (spec 2 7.3 authorizeDevice; docs/decisions/014-web-push.md).
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';

export const PushSettingsQuery = operation<{ webPushPublicKey: string | null; me: { webPushEndpoints: string[] | null } | null }>(/* GraphQL */ `
  query PushSettings {
    webPushPublicKey
    me {
      webPushEndpoints
    }
  }
`);

type DevicePayload = { isSuccessful: boolean | null; errors: FieldError[] | null } | null;

export const AuthorizeDeviceMutation = operation<{ authorizeDevice: DevicePayload }, { registrationId: string }>(/* GraphQL */ `
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

export const UnauthorizeDeviceMutation = operation<{ unauthorizeDevice: DevicePayload }, { registrationId: string }>(/* GraphQL */ `
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
