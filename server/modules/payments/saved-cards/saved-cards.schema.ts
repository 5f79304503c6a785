// Saved cards and payment methods in the API (docs/product/orders-and-payments.md#saved-cards): paymayaCards,
// paymayaCardCreate, setDefaultPaymayaCard, paymayaCardDelete, paymentMethods,
// setDefaultPaymentMethod and me.defaultPaymentMethod.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../../graphql/builder';
import { offsetConnection } from '../../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../../graphql/types/errors';
import { UserRef, type UserRow } from '../../accounts/accounts.schema';
import { getUser } from '../../accounts/accounts.service';
import { parseId } from '../../catalogue/ids';
import { DomainError } from '../../../lib/domain-error';
import { cardLabel } from '../../../../common/payments/card';
import { cardOfPayment } from '../paying/payment-card';
import { GatewayConfigLineRef, PaymentRef } from '../payments.schema';
import { defaultPaymentMethod, paymentMethods, setDefaultPaymentMethod, type PaymentMethod } from './payment-methods.service';
import {
  countSavedCards,
  createSavedCard,
  deleteCard,
  listSavedCards,
  SAVED_CARD_MESSAGES,
  setDefaultCard,
  type SavedCardRow,
} from './saved-cards.service';

export const PaymayaCardRef = builder.objectRef<SavedCardRow>('PaymayaCard').implement({
  description: "A card the customer saved (vaulted at Maya after 3-D Secure). Only the brand and last 4 digits are kept.",
  fields: (t) => ({
    id: t.id({ resolve: (c) => encodeGlobalID('PaymayaCard', c.id) }),
    name: t.string({ description: 'How the card reads in lists, e.g. "VISA •••• 1111".', resolve: (c) => cardLabel(c.brand, c.last4) }),
    cardType: t.exposeString('brand', { description: 'VISA, MASTERCARD or JCB.' }),
    ccLastDigits: t.exposeString('last4'),
    verificationUrl: t.string({
      nullable: true,
      description: 'Where the customer passes 3-D Secure (while the card is unverified); only for the card\'s owner.',
      resolve: (c, _args, ctx) => (ctx.user?.id === c.userId ? c.verificationUrl : null),
    }),
    isDefault: t.exposeBoolean('isDefault'),
  }),
});

builder.objectField(PaymentRef, 'paymayaCard', (t) =>
  t.field({
    type: PaymayaCardRef,
    nullable: true,
    description: 'The saved card a Paymaya Vault payment charges; null for other gateways, once the card is deleted, and for anyone but the payer and staff.',
    resolve: (payment, _args, ctx) => cardOfPayment(ctx, payment),
  }),
);

const PaymayaCardConnection = builder.connectionObject({ type: PaymayaCardRef, name: 'PaymayaCardCountableConnection' });

export const PaymentMethodRef = builder.objectRef<PaymentMethod>('PaymentMethod').implement({
  description: 'A way to pay the shop offers; the id is the gateway name.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name', { description: "What customers see ('Debit/Credit Card' for the Paymaya card gateways)." }),
    gatewayName: t.exposeString('gatewayName'),
    logo: t.exposeString('logo', { nullable: true, description: 'An image path on this shop.' }),
    config: t.field({
      type: [GatewayConfigLineRef],
      description: "Public settings the storefront needs, e.g. the card tokenizer's address and public key.",
      resolve: (m, _args, ctx) => m.gateway.config(ctx),
    }),
  }),
});

const PaymentMethodConnection = builder.connectionObject({ type: PaymentMethodRef, name: 'PaymentMethodCountableConnection' });

builder.queryFields((t) => ({
  paymayaCards: t.connection(
    {
      type: PaymayaCardRef,
      nullable: true,
      description: "The signed-in customer's saved cards, default first (null for a visitor).",
      resolve: (_root, args, ctx) =>
        ctx.user ? offsetConnection(args, (page) => listSavedCards(ctx, page), () => countSavedCards(ctx)) : null,
    },
    PaymayaCardConnection,
  ),
  paymentMethods: t.connection(
    {
      type: PaymentMethodRef,
      description: 'Every payment method the shop offers now, in priority order.',
      resolve: async (_root, args, ctx) => {
        const all = await paymentMethods(ctx);
        return offsetConnection(args, async ({ limit, offset }) => all.slice(offset, offset + limit), async () => all.length);
      },
    },
    PaymentMethodConnection,
  ),
}));

builder.objectField(UserRef, 'defaultPaymentMethod', (t) =>
  t.field({
    type: PaymentMethodRef,
    nullable: true,
    description: "The customer's default payment method (only the customer sees it).",
    resolve: (user, _args, ctx) => (ctx.user?.id === user.id ? defaultPaymentMethod(ctx, user.id) : null),
  }),
);

const CardReturnEnum = builder.enumType('PaymayaCardReturn', {
  description: 'Where the customer lands after 3-D Secure: the card result page or the checkout.',
  values: ['CARD', 'CHECKOUT'] as const,
});

const PaymayaCardCreatePayload = builder
  .objectRef<WithErrors<{ verificationUrl: string; card: SavedCardRow }>>('PaymayaCardCreate')
  .implement({
    fields: (t) => ({
      verificationUrl: t.string({ nullable: true, description: 'Send the customer here for 3-D Secure.', resolve: (p) => p.verificationUrl ?? null }),
      paymayaCard: t.field({ type: PaymayaCardRef, nullable: true, description: 'The card, unverified until the customer returns.', resolve: (p) => p.card ?? null }),
      paymentErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('paymayaCardCreate', (t) =>
  t.field({
    type: PaymayaCardCreatePayload,
    description:
      "Saves a card from a Maya payment token the browser got by sending the card details to Maya's tokenizer (this API never sees a card number). Answers the 3-D Secure verificationUrl.",
    args: {
      paymentToken: t.arg.string({ required: true }),
      cardType: t.arg.string({ description: 'VISA, MASTERCARD or JCB, as the card form read it.' }),
      ccLastDigits: t.arg.string({ description: 'The last 4 digits.' }),
      returnTo: t.arg({ type: CardReturnEnum, description: 'CARD (default): the card result page; CHECKOUT: back to checkout.' }),
    },
    resolve: (_root, args, ctx) =>
      runMutation(() =>
        createSavedCard(ctx, {
          paymentToken: args.paymentToken,
          brand: args.cardType,
          last4: args.ccLastDigits,
          returnTo: args.returnTo === 'CHECKOUT' ? 'checkout' : 'card',
        }),
      ),
  }),
);

const cardId = (id: string) => {
  const parsed = parseId(id, 'PaymayaCard');
  if (parsed == null) throw new DomainError(SAVED_CARD_MESSAGES.notFound, 'id');
  return parsed;
};

function cardPayload(name: string) {
  return builder.objectRef<WithErrors<{ card: SavedCardRow }>>(name).implement({
    fields: (t) => ({
      paymayaCard: t.field({ type: PaymayaCardRef, nullable: true, resolve: (p) => p.card ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

builder.mutationField('setDefaultPaymayaCard', (t) =>
  t.field({
    type: cardPayload('SetDefaultPaymayaCard'),
    description: "Makes one of the signed-in customer's saved cards their default card.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ card: await setDefaultCard(ctx, cardId(String(args.id))) })),
  }),
);

builder.mutationField('paymayaCardDelete', (t) =>
  t.field({
    type: cardPayload('PaymayaCardDelete'),
    description: 'Removes a saved card (here and at Maya); the default passes to the oldest remaining card.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ card: await deleteCard(ctx, cardId(String(args.id))) })),
  }),
);

const SetDefaultPaymentMethodPayload = builder
  .objectRef<WithErrors<{ user: UserRow }>>('SetDefaultPaymentMethod')
  .implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: true, description: 'The user, with their new defaultPaymentMethod.', resolve: (p) => p.user ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
      accountErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('setDefaultPaymentMethod', (t) =>
  t.field({
    type: SetDefaultPaymentMethodPayload,
    description: "Sets the signed-in customer's default payment method (a paymentMethods id).",
    args: { paymentMethodId: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => {
        await setDefaultPaymentMethod(ctx, String(args.paymentMethodId));
        return { user: (await getUser(ctx.db, ctx.user!.id))! };
      }),
  }),
);
