// The rulebook's order payment mutations (docs/product/orders-and-payments.md#pay-now): PayPal create/capture, Dragonpay's URL,
// iPay88's signed request; and the Order's Pay Now flow. Thin: parse, call pay-now.service.
import { builder } from '../../graphql/builder';
import type { ServiceContext } from '../../graphql/context';
import { requireRowId } from '../../graphql/node-key';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { OrderRef } from './orders.schema';
import { orderPayments } from './order-payment';
import { findOrderById, type OrderRow } from './orders.service';
import { ON_DEMAND_MESSAGES, onDemandPaymentCreate } from '../payments/paying/on-demand.service';
import {
  canPayNow,
  capturePaypalTransaction,
  payNowFlow,
  createPaypalTransaction,
  generateIpay88Signature,
  newDragonpayPaymentUrl,
  PAY_NOW_MESSAGES,
  type Ipay88Request,
} from '../payments/paying/pay-now.service';

function orderIdOf(id: string, message: string): number {
  return requireRowId(id, 'Order', { message, field: 'orderId' });
}

builder.objectField(OrderRef, 'payNow', (t) =>
  t.string({
    nullable: true,
    description:
      "What the order's Pay button does (REDIRECT, QR, DRAGONPAY, IPAY88, PAYPAL, CARD), or null when it has none.",
    resolve: async (order, _args, ctx: ServiceContext) => {
      const [payment] = await orderPayments(ctx, order.id);
      return payment && canPayNow(order, payment) ? payNowFlow(payment) : null;
    },
  }),
);

const UrlPayload = builder.objectRef<WithErrors<{ url: string }>>('DragonpayPaymentUrl').implement({
  fields: (t) => ({
    url: t.string({ nullable: true, resolve: (p) => p.url ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('newDragonpayPaymentUrl', (t) =>
  t.field({
    type: UrlPayload,
    description: 'A Dragonpay payment URL for an unpaid TendoPay or GrabPay order.',
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx: ServiceContext) =>
      runMutation(async () => ({
        url: await newDragonpayPaymentUrl(ctx, orderIdOf(String(args.orderId), PAY_NOW_MESSAGES.dragonpay)),
      })),
  }),
);

const PaypalCreatePayload = builder
  .objectRef<WithErrors<{ response: Record<string, unknown> }>>('CreatePaypalTransaction')
  .implement({
    fields: (t) => ({
      response: t.string({
        nullable: true,
        description: 'The PayPal order as JSON: id, status and links (follow the one with rel "approve").',
        resolve: (p) => (p.response ? JSON.stringify(p.response) : null),
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('createPaypalTransaction', (t) =>
  t.field({
    type: PaypalCreatePayload,
    args: { orderId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx: ServiceContext) =>
      runMutation(async () => ({
        response: await createPaypalTransaction(ctx, orderIdOf(String(args.orderId), PAY_NOW_MESSAGES.paypal)),
      })),
  }),
);

const PaypalCapturePayload = builder.objectRef<WithErrors<{ order: OrderRow }>>('CapturePaypalTransaction').implement({
  fields: (t) => ({
    order: t.field({ type: OrderRef, nullable: true, resolve: (p) => p.order ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('capturePaypalTransaction', (t) =>
  t.field({
    type: PaypalCapturePayload,
    description: 'Captures the approved PayPal order (the token PayPal returned with).',
    args: { paypalTransactionId: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx: ServiceContext) =>
      runMutation(async () => {
        const captured = await capturePaypalTransaction(ctx, args.paypalTransactionId.trim());
        // Payments returns its view of the order; the answer is the whole order.
        return { order: (await findOrderById(ctx, captured.id))! };
      }),
  }),
);

const Ipay88Payload = builder.objectRef<WithErrors<Ipay88Request>>('Ipay88Signature').implement({
  fields: (t) => {
    const text = (key: keyof Ipay88Request, description?: string) =>
      t.string({ nullable: true, description, resolve: (p) => p[key] ?? null });
    return {
      merchantCode: text('merchantCode'),
      signature: text('signature', 'The signature of merchant key, code, RefNo, amount digits and currency.'),
      signatureType: text('signatureType', 'SHA1 (base64, the sandbox) or SHA256 (hex, iPay88): the form\'s SignatureType.'),
      responseUrl: text('responseUrl'),
      backendUrl: text('backendUrl'),
      paymentUrl: text('paymentUrl', 'The entry page the form is posted to.'),
      refNo: text('refNo'),
      amount: text('amount'),
      currency: text('currency'),
      prodDesc: text('prodDesc'),
      userName: text('userName'),
      userEmail: text('userEmail'),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    };
  },
});

builder.mutationField('generateIpay88Signature', (t) =>
  t.field({
    type: Ipay88Payload,
    args: {
      orderId: t.arg.id({ required: true }),
      userName: t.arg.string({ required: false }),
    },
    resolve: (_root, args, ctx: ServiceContext) =>
      runMutation(async () =>
        generateIpay88Signature(ctx, orderIdOf(String(args.orderId), PAY_NOW_MESSAGES.payment), args.userName ?? ''),
      ),
  }),
);

const OnDemandPayload = builder.objectRef<WithErrors<{ verificationUrl: string | null }>>('OnDemandPayment').implement({
  fields: (t) => ({
    verificationUrl: t.string({
      nullable: true,
      description: "Maya's 3-D Secure page to send the customer to; null when the card was charged without it ('Payment sent!').",
      resolve: (p) => p.verificationUrl ?? null,
    }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('onDemandPaymentCreate', (t) =>
  t.field({
    type: OnDemandPayload,
    description: "Pays an unpaid Paymaya On-demand order with a card tokenised in the browser (Maya's payment token).",
    args: { order: t.arg.id({ required: true }), paymentToken: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx: ServiceContext) =>
      runMutation(async () => onDemandPaymentCreate(ctx, orderIdOf(String(args.order), ON_DEMAND_MESSAGES.failed), args.paymentToken)),
  }),
);
