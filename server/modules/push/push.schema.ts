// Web Push in the API (docs/product/accounts.md#push-notifications authorizeDevice): the shop's public key, the signed-in
// customer's browsers, and turning a browser's order notifications on and off.
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { UserRef } from '../accounts/accounts.schema';
import { authorizeDevice, DEVICE_TYPES, listOwnEndpoints, unauthorizeDevice, webPushPublicKey } from './push.service';

const DeviceTypeEnum = builder.enumType('DeviceTypeEnum', {
  description: 'What kind of device a registrationId belongs to: WEB, a browser\'s push subscription.',
  values: DEVICE_TYPES,
});

builder.queryField('webPushPublicKey', (t) =>
  t.string({
    description: 'The shop\'s VAPID public key (URL-safe base64): the applicationServerKey a browser subscribes with.',
    resolve: (_root, _args, ctx) => webPushPublicKey(ctx),
  }),
);

builder.objectField(UserRef, 'webPushEndpoints', (t) =>
  t.stringList({
    description: 'The push endpoints of the browsers where the user turned order notifications on (empty for anyone but the user).',
    // The User type is visible to staff as well: endpoints are the owner's alone.
    resolve: (user, _args, ctx) => (ctx.user?.id === user.id ? listOwnEndpoints(ctx) : []),
  }),
);

const REGISTRATION_ID_HELP = 'The browser\'s PushSubscription as JSON (endpoint and keys); to turn off, its endpoint alone also does.';

function devicePayload(name: string) {
  return builder.objectRef<WithErrors<{ isSuccessful: boolean }>>(name).implement({
    fields: (t) => ({
      isSuccessful: t.boolean({ resolve: (p) => p.isSuccessful ?? false }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

builder.mutationField('authorizeDevice', (t) =>
  t.field({
    type: devicePayload('AuthorizeDevice'),
    description: 'Turns order notifications on for this browser: stores its push subscription for the signed-in customer (once per browser).',
    args: {
      registrationId: t.arg.string({ required: true, description: REGISTRATION_ID_HELP }),
      type: t.arg({ type: DeviceTypeEnum, required: true }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(async () => (await authorizeDevice(ctx, { registrationId: args.registrationId, type: args.type }), { isSuccessful: true })),
  }),
);

builder.mutationField('unauthorizeDevice', (t) =>
  t.field({
    type: devicePayload('UnauthorizeDevice'),
    description: 'Turns order notifications off for this browser (the signed-in customer\'s own subscription only).',
    args: { registrationId: t.arg.string({ required: true, description: REGISTRATION_ID_HELP }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => (await unauthorizeDevice(ctx, args.registrationId), { isSuccessful: true })),
  }),
);
