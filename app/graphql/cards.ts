// Saved cards and payment methods (spec 2: paymayaCards, paymentMethods, paymayaCardCreate,
// setDefaultPaymayaCard, paymayaCardDelete, setDefaultPaymentMethod, me.defaultPaymentMethod).
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';

/** Spec 2, fetch sizes: paymayaCards 100, payment methods 20. */
export const CARDS_SIZE = 100;
export const PAYMENT_METHODS_SIZE = 20;
export const PAYMAYA_VAULT = 'Paymaya Vault';

export type SavedCard = { id: string; name: string; cardType: string; ccLastDigits: string; isDefault: boolean };
export type PaymentMethodView = { id: string; name: string; gatewayName: string; logo: string | null; config: { field: string; value: string | null }[] };
/** Where the browser's card form sends card details (never to this shop). */
export type Tokenizer = { url: string; publicKey: string };

export const PaymayaCardsQuery = operation<{ paymayaCards: { totalCount: number; edges: { node: SavedCard }[] } | null }, { first: number }>(/* GraphQL */ `
  query PaymayaCards($first: Int!) {
    paymayaCards(first: $first) { totalCount edges { node { id name cardType ccLastDigits isDefault } } }
  }
`);

export const PaymentMethodsQuery = operation<
  { paymentMethods: { edges: { node: PaymentMethodView }[] }; me: { defaultPaymentMethod: { id: string } | null } | null },
  { first: number }
>(/* GraphQL */ `
  query PaymentMethods($first: Int!) {
    paymentMethods(first: $first) { edges { node { id name gatewayName logo config { field value } } } }
    me { defaultPaymentMethod { id } }
  }
`);

/** The card tokenizer of the Paymaya card gateways, or null when cards are not offered. */
export function tokenizerOf(methods: PaymentMethodView[]): Tokenizer | null {
  const vault = methods.find((m) => m.gatewayName === PAYMAYA_VAULT);
  const url = vault?.config.find((c) => c.field === 'tokenizerUrl')?.value;
  const publicKey = vault?.config.find((c) => c.field === 'publicKey')?.value;
  return url && publicKey ? { url, publicKey } : null;
}

type CardPayload = { paymayaCard: { id: string } | null; errors: FieldError[] } | null;

export const PaymayaCardCreateMutation = operation<
  { paymayaCardCreate: { verificationUrl: string | null; paymentErrors: FieldError[] } | null },
  { paymentToken: string; cardType: string; ccLastDigits: string; returnTo: 'CARD' | 'CHECKOUT' }
>(/* GraphQL */ `
  mutation PaymayaCardCreate($paymentToken: String!, $cardType: String, $ccLastDigits: String, $returnTo: PaymayaCardReturn) {
    paymayaCardCreate(paymentToken: $paymentToken, cardType: $cardType, ccLastDigits: $ccLastDigits, returnTo: $returnTo) {
      verificationUrl
      paymentErrors { field message }
    }
  }
`);

export const SetDefaultPaymayaCardMutation = operation<{ setDefaultPaymayaCard: CardPayload }, { id: string }>(/* GraphQL */ `
  mutation SetDefaultPaymayaCard($id: ID!) {
    setDefaultPaymayaCard(id: $id) { paymayaCard { id } errors { field message } }
  }
`);

export const PaymayaCardDeleteMutation = operation<{ paymayaCardDelete: CardPayload }, { id: string }>(/* GraphQL */ `
  mutation PaymayaCardDelete($id: ID!) {
    paymayaCardDelete(id: $id) { paymayaCard { id } errors { field message } }
  }
`);

export const SetDefaultPaymentMethodMutation = operation<
  { setDefaultPaymentMethod: { errors: FieldError[] } | null },
  { paymentMethodId: string }
>(/* GraphQL */ `
  mutation SetDefaultPaymentMethod($paymentMethodId: ID!) {
    setDefaultPaymentMethod(paymentMethodId: $paymentMethodId) { errors { field message } }
  }
`);

export const CheckoutExistsQuery = operation<{ me: { checkout: { id: string } | null } | null }>(/* GraphQL */ `
  query CheckoutExists {
    me { checkout { id } }
  }
`);
