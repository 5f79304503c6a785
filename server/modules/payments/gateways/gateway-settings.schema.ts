// Staff gateway settings (MANAGE_PAYMENTS): gatewaySettings lists every gateway with its
// settings and defaults; gatewaySettingsUpdate changes one.
import { builder } from '../../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../../graphql/types/errors';
import { MoneyRef } from '../../../graphql/types/money';
import { listGatewaySettings, updateGatewaySettings, type StaffGatewaySetting } from './gateway-settings-staff.service';
import type { GatewaySettings } from './gateway-settings';

const MANAGE_PAYMENTS = { permission: 'MANAGE_PAYMENTS' } as const;

const GatewayDefaultsRef = builder.objectRef<GatewaySettings>('GatewaySettingDefaults').implement({
  fields: (t) => ({
    displayName: t.exposeString('displayName'),
    maximumOrderAmount: t.field({ type: MoneyRef, nullable: true, resolve: (s) => s.maximumOrderAmount }),
    paymentWindowMinutes: t.exposeInt('paymentWindowMinutes', { nullable: true }),
  }),
});

const GatewaySettingRef = builder.objectRef<StaffGatewaySetting>('GatewaySetting').implement({
  description: "A payment gateway's settings as the checkout applies them.",
  fields: (t) => ({
    gateway: t.exposeString('gateway', { description: 'The gateway id (its name in the rulebook, docs/product/cart-and-checkout.md).' }),
    displayName: t.exposeString('displayName'),
    logo: t.exposeString('logoUrl'),
    isEnabled: t.exposeBoolean('isEnabled'),
    isImplemented: t.exposeBoolean('isImplemented', { description: 'False: the shop cannot take this gateway yet, whatever its settings.' }),
    maximumOrderAmount: t.field({ type: MoneyRef, nullable: true, description: 'Null: no limit.', resolve: (s) => s.maximumOrderAmount }),
    paymentWindowMinutes: t.exposeInt('paymentWindowMinutes', { nullable: true, description: 'Minutes an order may wait unpaid before it is cancelled; null: no limit.' }),
    defaults: t.field({ type: GatewayDefaultsRef, resolve: (s) => s.defaults }),
  }),
});

builder.queryField('gatewaySettings', (t) =>
  t.field({
    type: [GatewaySettingRef],
    nullable: true,
    description: 'Staff (MANAGE_PAYMENTS): every gateway of the shop with its settings.',
    authScopes: MANAGE_PAYMENTS,
    resolve: (_root, _args, ctx) => listGatewaySettings(ctx),
  }),
);

const GatewaySettingsInput = builder.inputType('GatewaySettingsInput', {
  fields: (t) => ({
    displayName: t.string(),
    isEnabled: t.boolean(),
    maximumOrderAmount: t.float({ description: 'Pesos; null goes back to the gateway default.' }),
    paymentWindowMinutes: t.int({ description: 'From 5 minutes to 30 days; not for cash on delivery.' }),
  }),
});

builder.mutationField('gatewaySettingsUpdate', (t) =>
  t.field({
    type: builder.objectRef<WithErrors<{ gatewaySetting: StaffGatewaySetting }>>('GatewaySettingsUpdate').implement({
      fields: (f) => ({
        gatewaySetting: f.field({ type: GatewaySettingRef, nullable: true, resolve: (p) => p.gatewaySetting ?? null }),
        errors: f.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      }),
    }),
    description: 'Staff (MANAGE_PAYMENTS): changes the fields given of one gateway.',
    authScopes: MANAGE_PAYMENTS,
    args: { gateway: t.arg.string({ required: true }), input: t.arg({ type: GatewaySettingsInput, required: true }) },
    resolve: (_root, { gateway, input }, ctx) =>
      runMutation(async () => ({
        gatewaySetting: await updateGatewaySettings(
          ctx,
          gateway,
          Object.fromEntries(Object.entries(input).filter(([key, v]) => v !== undefined && (v !== null || key === 'maximumOrderAmount'))),
        ),
      })),
  }),
);
