// Payment types of the API: the gateways a checkout may use and the payments of an order.
import { builder } from '../../graphql/builder';
import { MoneyRef } from '../../graphql/types/money';
import type { ConfigLine, PaymentGateway } from './gateways/gateway';
import { CHARGE_STATUSES } from './payments.tables';
import type { PaymentRow } from './payments.service';
import { loadGatewaySettings, settingsOf } from './gateways/gateway-settings';
import { qrCodeOf } from './paying/pay-now.service';
import { amountDueOf, chargedAmountOf } from './paying/payment-amounts';

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
    displayName: t.string({
      description: "The name shown to shoppers ('Debit/Credit Card' for Paymaya Vault and On-demand).",
      resolve: async (g, _args, ctx) => settingsOf(g.info, await loadGatewaySettings(ctx)).displayName,
    }),
    logo: t.string({
      description: 'Address of the gateway logo.',
      resolve: async (g, _args, ctx) => settingsOf(g.info, await loadGatewaySettings(ctx)).logoUrl,
    }),
    afterComplete: t.string({
      description: 'What the storefront does after checkoutComplete: REDIRECT, QR, DRAGONPAY, IPAY88, PAYPAL, CARD or ORDERS.',
      resolve: (g) => g.afterComplete,
    }),
    config: t.field({
      type: [GatewayConfigLineRef],
      resolve: (g, _args, ctx) => g.config(ctx),
    }),
  }),
});

export const PaymentChargeStatusEnum = builder.enumType('PaymentChargeStatusEnum', {
  values: CHARGE_STATUSES,
});

const QrImageRef = builder.objectRef<{ link: string }>('QrCodeImage').implement({
  fields: (t) => ({
    url: t.string({ description: 'A PNG data URL.', resolve: (q) => qrCodeOf(q.link) }),
    alt: t.string({ resolve: () => 'Scan to pay with WeChat Pay' }),
  }),
});

const WeChatPayRef = builder.objectRef<{ link: string }>('WeChatPayPayment').implement({
  fields: (t) => ({
    qrCodeImg: t.field({ type: QrImageRef, resolve: (w) => w }),
  }),
});

const RedirectRef = builder.objectRef<{ redirectUrl: string; qrCodeUrl: string | null }>('HostedPayment').implement({
  fields: (t) => ({
    redirectUrl: t.exposeString('redirectUrl'),
    qrCodeUrl: t.exposeString('qrCodeUrl', { nullable: true }),
  }),
});

export type GatewayRefusalView = {
  name: string;
  displayName: string;
  logo: string;
  reason: string;
  message: string;
  /** Centavos: the limit this checkout is over (OVER_MAXIMUM, OVER_COD_MAXIMUM), else null. */
  maximumOrderAmount: number | null;
};

export const GatewayRefusalRef = builder.objectRef<GatewayRefusalView>('UnavailablePaymentGateway').implement({
  description: 'A gateway this checkout may not use, and why, in one line: the chooser shows it disabled with that line.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The gateway id (as PaymentGateway.id).' }),
    displayName: t.exposeString('displayName', { description: 'The name shown to shoppers, as PaymentGateway.displayName.' }),
    logo: t.exposeString('logo', { description: 'Address of the gateway logo, as PaymentGateway.logo.' }),
    reason: t.exposeString('reason'),
    message: t.exposeString('message'),
    maximumOrderAmount: t.field({
      type: MoneyRef,
      nullable: true,
      description: 'The order maximum this checkout is over, for OVER_MAXIMUM and OVER_COD_MAXIMUM.',
      resolve: (r) => (r.reason === 'OVER_MAXIMUM' || r.reason === 'OVER_COD_MAXIMUM' ? r.maximumOrderAmount : null),
    }),
  }),
});

export const PaymentRef = builder.objectRef<PaymentRow>('Payment').implement({
  fields: (t) => ({
    id: t.globalID({ resolve: (p) => ({ type: 'Payment', id: String(p.id) }) }),
    gateway: t.exposeString('gateway'),
    isActive: t.exposeBoolean('isActive'),
    created: t.expose('createdAt', { type: 'DateTime' }),
    redirectUrl: t.exposeString('redirectUrl', { nullable: true }),
    total: t.field({ type: MoneyRef, resolve: (p) => p.total }),
    charged: t.field({
      type: MoneyRef,
      description: 'What the provider took so far: the total once paid, less when paid in part (PARTIALLY_CHARGED); at most this is refunded.',
      resolve: (p) => chargedAmountOf(p),
    }),
    amountDue: t.field({
      type: MoneyRef,
      description: 'What is still to pay: the total, the remaining balance after a part payment, or nothing once paid.',
      resolve: (p) => amountDueOf(p),
    }),
    chargeStatus: t.field({
      type: PaymentChargeStatusEnum,
      resolve: (p) => p.chargeStatus,
    }),
    captureStatus: t.exposeString('captureStatus'),
    weChatPay: t.field({
      type: WeChatPayRef,
      nullable: true,
      resolve: (p) => (p.gateway === 'WeChat Pay' && p.redirectUrl ? { link: p.redirectUrl } : null),
    }),
    paymayaApp: t.field({
      type: RedirectRef,
      nullable: true,
      resolve: (p) => (p.gateway === 'Paymaya App' && p.redirectUrl ? { redirectUrl: p.redirectUrl, qrCodeUrl: null } : null),
    }),
    alipay: t.field({
      type: RedirectRef,
      nullable: true,
      resolve: (p) => (p.gateway === 'Alipay' && p.redirectUrl ? { redirectUrl: p.redirectUrl, qrCodeUrl: p.redirectUrl } : null),
    }),
  }),
});
