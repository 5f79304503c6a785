// Payment types of the API: the gateways a checkout may use and the payments of an order.
import { builder } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/types/money';
import type { ConfigLine, PaymentGateway } from './gateway';
import { CHARGE_STATUSES } from './payments.tables';
import type { PaymentRow } from './payments.service';

export const GatewayConfigLineRef = builder.objectRef<ConfigLine>('GatewayConfigLine').implement({
  fields: (t) => ({
    field: t.exposeString('field'),
    value: t.exposeString('value', { nullable: true }),
  }),
});

export const PaymentGatewayRef = builder.objectRef<PaymentGateway>('PaymentGateway').implement({
  description: 'A way to pay. The id is the gateway name clients send to checkoutPaymentCreate.',
  fields: (t) => ({
    id: t.id({ resolve: (g) => g.info.id }),
    name: t.string({ resolve: (g) => g.info.id }),
    config: t.field({
      type: [GatewayConfigLineRef],
      resolve: (g, _args, ctx) => g.config(ctx),
    }),
  }),
});

export const PaymentChargeStatusEnum = builder.enumType('PaymentChargeStatusEnum', {
  values: CHARGE_STATUSES,
});

export const PaymentRef = builder.objectRef<PaymentRow>('Payment').implement({
  fields: (t) => ({
    id: t.globalID({ resolve: (p) => ({ type: 'Payment', id: String(p.id) }) }),
    gateway: t.exposeString('gateway'),
    isActive: t.exposeBoolean('isActive'),
    created: t.expose('createdAt', { type: 'DateTime' }),
    redirectUrl: t.exposeString('redirectUrl', { nullable: true }),
    total: t.field({ type: MoneyRef, resolve: (p) => p.total }),
    chargeStatus: t.field({
      type: PaymentChargeStatusEnum,
      resolve: (p) => p.chargeStatus,
    }),
    captureStatus: t.exposeString('captureStatus'),
  }),
});
