// Saved cards and payment methods (docs/product/limits.md#fetch-sizes: paymayaCards, paymentMethods, paymayaCardCreate,
// setDefaultPaymayaCard, paymayaCardDelete, setDefaultPaymentMethod, me.defaultPaymentMethod).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

/** docs/product/limits.md#fetch-sizes: paymayaCards 100, payment methods 20. */
export const CARDS_SIZE = 100;
export const PAYMENT_METHODS_SIZE = 20;
export const PAYMAYA_VAULT = 'Paymaya Vault';

export type SavedCard = { id: string; name: string; cardType: string; ccLastDigits: string; isDefault: boolean };
export type PaymentMethodView = { id: string; name: string; gatewayName: string; logo: string | null; config: { field: string; value: string | null }[] };
/** Where the browser's card form sends card details (never to this shop). */
export type Tokenizer = { url: string; publicKey: string };

export const PaymayaCardsQuery = operation<G.PaymayaCardsQuery, G.PaymayaCardsQueryVariables>(/* GraphQL */ `
  query PaymayaCards($first: Int!) {
    paymayaCards(first: $first) { totalCount edges { node { id name cardType ccLastDigits isDefault } } }
  }
`);

export const PaymentMethodsQuery = operation<G.PaymentMethodsQuery, G.PaymentMethodsQueryVariables>(/* GraphQL */ `
  query PaymentMethods($first: Int!) {
    paymentMethods(first: $first) { edges { node { id name gatewayName logo config { field value } } } }
    me { defaultPaymentMethod { id } }
  }
`);

/** The saved cards as the screens show them (the schema allows every field to be null). */
export function toSavedCards(data: G.PaymayaCardsQuery): SavedCard[] {
  return (data.paymayaCards?.edges ?? []).flatMap(({ node: c }) =>
    c.id ? [{ id: c.id, name: c.name ?? '', cardType: c.cardType ?? '', ccLastDigits: c.ccLastDigits ?? '', isDefault: c.isDefault ?? false }] : [],
  );
}

export function toPaymentMethods(data: G.PaymentMethodsQuery): PaymentMethodView[] {
  return (data.paymentMethods?.edges ?? []).flatMap(({ node: m }) =>
    m.id
      ? [{
          id: m.id,
          name: m.name ?? '',
          gatewayName: m.gatewayName ?? '',
          logo: m.logo,
          config: (m.config ?? []).flatMap((c) => (c.field ? [{ field: c.field, value: c.value }] : [])),
        }]
      : [],
  );
}

/** The card tokenizer of the Paymaya card gateways, or null when cards are not offered. */
export function tokenizerOf(methods: PaymentMethodView[]): Tokenizer | null {
  const vault = methods.find((m) => m.gatewayName === PAYMAYA_VAULT);
  const url = vault?.config.find((c) => c.field === 'tokenizerUrl')?.value;
  const publicKey = vault?.config.find((c) => c.field === 'publicKey')?.value;
  return url && publicKey ? { url, publicKey } : null;
}

export const PaymayaCardCreateMutation = operation<G.PaymayaCardCreateMutation, G.PaymayaCardCreateMutationVariables>(/* GraphQL */ `
  mutation PaymayaCardCreate($paymentToken: String!, $cardType: String, $ccLastDigits: String, $returnTo: PaymayaCardReturn) {
    paymayaCardCreate(paymentToken: $paymentToken, cardType: $cardType, ccLastDigits: $ccLastDigits, returnTo: $returnTo) {
      verificationUrl
      paymentErrors { field message }
    }
  }
`);

export const SetDefaultPaymayaCardMutation = operation<G.SetDefaultPaymayaCardMutation, G.SetDefaultPaymayaCardMutationVariables>(/* GraphQL */ `
  mutation SetDefaultPaymayaCard($id: ID!) {
    setDefaultPaymayaCard(id: $id) { paymayaCard { id } errors { field message } }
  }
`);

export const PaymayaCardDeleteMutation = operation<G.PaymayaCardDeleteMutation, G.PaymayaCardDeleteMutationVariables>(/* GraphQL */ `
  mutation PaymayaCardDelete($id: ID!) {
    paymayaCardDelete(id: $id) { paymayaCard { id } errors { field message } }
  }
`);

export const SetDefaultPaymentMethodMutation = operation<G.SetDefaultPaymentMethodMutation, G.SetDefaultPaymentMethodMutationVariables>(/* GraphQL */ `
  mutation SetDefaultPaymentMethod($paymentMethodId: ID!) {
    setDefaultPaymentMethod(paymentMethodId: $paymentMethodId) { errors { field message } }
  }
`);

export const CheckoutExistsQuery = operation<G.CheckoutExistsQuery, G.CheckoutExistsQueryVariables>(/* GraphQL */ `
  query CheckoutExists {
    me { checkout { id } }
  }
`);
