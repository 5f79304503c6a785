// Cart and checkout operations (docs/product/cart-and-checkout.md) and their mapping into the
// screens' view types. Money arrives as pesos ({amount}) and is turned back into centavos. The
// schema (Saleor-shaped) declares nearly every field nullable; the API fills them for a
// checkout it returns, and the mapping helpers below give the fallbacks in one place.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';
import { ADDRESS_FIELDS } from './address';
import { pesosToCentavos } from '../../common/money';
import { productDisplayName } from '../../common/catalogue/pricing';
import { nationalPhone } from '../../common/validation/address';
import type {
  AddressView,
  CartLineView,
  CartSummaryView,
  CheckoutView,
  ShippingMethodView,
} from '../components/checkout/types';

const LINE_FIELDS = /* GraphQL */ `
  fragment CheckoutLineFields on CheckoutLine {
    id
    quantity
    quantityAvailable
    totalPrice { gross { amount } }
    unitPrice { gross { amount } }
    variant {
      id
      name
      thumbnail(size: 160) { url alt }
      product {
        id
        name
        brand { name }
        isPreOrder
        isFreeShippingFee
        isInstallmentReady
      }
    }
  }
`;

const CHECKOUT_FIELDS = /* GraphQL */ `
  fragment CheckoutFields on Checkout {
    id
    email
    quantity
    lines { ...CheckoutLineFields }
    subtotalPrice { gross { amount } }
    totalPrice { gross { amount } }
    shippingPrice { gross { amount } }
    estimatedShippingFee { amount }
    cashOnDeliveryAmount { amount }
    hasInsurance
    insurance { amount }
    discount { amount }
    discountName
    voucherCode
    billingAddress { ...AddressFields }
    shippingAddress { ...AddressFields }
    shippingMethod { id }
    availableShippingMethods { id name type price { amount } }
    availablePaymentGateways { id name displayName logo config { field value } }
    unavailablePaymentGateways { name displayName logo reason message }
    paypalTransactionFee { amount }
    paypalFee { amount }
  }
  ${LINE_FIELDS}${ADDRESS_FIELDS}
`;

// ---------------------------------------------------------------------------------------------
// Queries

/**
 * The cart as the header's panel and the cart page show it: one document for both, so on /cart
 * the root's question and the page's are one operation, asked once (the checkout read once).
 */
export const CartSummaryQuery = operation<G.CartSummaryQuery, G.CartSummaryQueryVariables>(/* GraphQL */ `
  query CartSummary {
    me {
      checkout {
        id
        quantity
        lines { ...CheckoutLineFields }
        subtotalPrice { gross { amount } }
      }
    }
  }
  ${LINE_FIELDS}
`);

export const CheckoutPageQuery = operation<G.CheckoutPageQuery, G.CheckoutPageQueryVariables>(/* GraphQL */ `
  query CheckoutPage {
    me {
      id
      email
      isVerified
      defaultBillingAddress { ...AddressFields }
      defaultShippingAddress { ...AddressFields }
      checkout { ...CheckoutFields }
    }
  }
  ${ADDRESS_FIELDS}${CHECKOUT_FIELDS}
`);

/** The cart page asks what the header's cart asks (see CartSummaryQuery). */
export const CartPageQuery = CartSummaryQuery;

type GqlCart = NonNullable<G.CartSummaryQuery['me']>['checkout'];

export function toCartPage(c: GqlCart | undefined): { lines: CartLineView[]; subtotal: number } {
  return { lines: c?.lines?.map(toLineView) ?? [], subtotal: gross(c?.subtotalPrice) };
}

/** What the checkout action needs to address its mutations. */
export const CheckoutActionContextQuery = operation<G.CheckoutActionContextQuery, G.CheckoutActionContextQueryVariables>(/* GraphQL */ `
  query CheckoutActionContext {
    me {
      email
      firstName
      lastName
      checkout { id email hasInsurance }
    }
  }
`);

/** What add-to-cart needs to know about the customer before touching the cart. */
export const AddToCartContextQuery = operation<G.AddToCartContextQuery, G.AddToCartContextQueryVariables>(/* GraphQL */ `
  query AddToCartContext {
    me {
      email
      defaultBillingAddress { id ...AddressFields }
      defaultShippingAddress { id ...AddressFields }
      checkout { id }
    }
  }
  ${ADDRESS_FIELDS}
`);

// ---------------------------------------------------------------------------------------------
// Mutations

export const CheckoutCreateMutation = operation<G.CheckoutCreateMutation, G.CheckoutCreateMutationVariables>(/* GraphQL */ `
  mutation CheckoutCreate($input: CheckoutCreateInput!) {
    checkoutCreate(input: $input) {
      checkout { id quantity }
      errors { field message }
      adjustments { message }
    }
  }
`);

export const CheckoutLinesUpdateMutation = operation<G.CheckoutLinesUpdateMutation, G.CheckoutLinesUpdateMutationVariables>(/* GraphQL */ `
  mutation CheckoutLinesUpdate($checkoutId: ID!, $lines: [CheckoutLineInput!]!, $replace: Boolean) {
    checkoutLinesUpdate(checkoutId: $checkoutId, lines: $lines, replace: $replace) {
      checkout { id quantity }
      errors { field message }
      adjustments { message }
    }
  }
`);

export const CheckoutLineDeleteMutation = operation<G.CheckoutLineDeleteMutation, G.CheckoutLineDeleteMutationVariables>(/* GraphQL */ `
  mutation CheckoutLineDelete($checkoutId: ID!, $lineId: ID!) {
    checkoutLineDelete(checkoutId: $checkoutId, lineId: $lineId) {
      checkout { id quantity }
      errors { field message }
    }
  }
`);

export const CheckoutShippingAddressUpdateMutation = operation<G.CheckoutShippingAddressUpdateMutation, G.CheckoutShippingAddressUpdateMutationVariables>(/* GraphQL */ `
  mutation CheckoutShippingAddressUpdate($checkoutId: ID!, $shippingAddress: AddressInput!, $email: String!) {
    checkoutShippingAddressUpdate(checkoutId: $checkoutId, shippingAddress: $shippingAddress, email: $email) {
      errors { field message }
    }
  }
`);

export const CheckoutBillingAddressUpdateMutation = operation<G.CheckoutBillingAddressUpdateMutation, G.CheckoutBillingAddressUpdateMutationVariables>(/* GraphQL */ `
  mutation CheckoutBillingAddressUpdate($checkoutId: ID!, $billingAddress: AddressInput!) {
    checkoutBillingAddressUpdate(checkoutId: $checkoutId, billingAddress: $billingAddress) {
      errors { field message }
    }
  }
`);

export const CheckoutShippingMethodUpdateMutation = operation<G.CheckoutShippingMethodUpdateMutation, G.CheckoutShippingMethodUpdateMutationVariables>(/* GraphQL */ `
  mutation CheckoutShippingMethodUpdate($checkoutId: ID!, $shippingMethodId: ID!) {
    checkoutShippingMethodUpdate(checkoutId: $checkoutId, shippingMethodId: $shippingMethodId) {
      errors { field message }
    }
  }
`);

export const CheckoutInsuranceUpdateMutation = operation<G.CheckoutInsuranceUpdateMutation, G.CheckoutInsuranceUpdateMutationVariables>(/* GraphQL */ `
  mutation CheckoutInsuranceUpdate($checkoutId: ID!, $availInsurance: Boolean!) {
    checkoutInsuranceUpdate(checkoutId: $checkoutId, availInsurance: $availInsurance) {
      insurancePrice { amount }
      errors { field message }
    }
  }
`);

export const EstimateShippingFeeMutation = operation<G.EstimateShippingFeeMutation, G.EstimateShippingFeeMutationVariables>(/* GraphQL */ `
  mutation EstimateShippingFee($checkoutId: ID!) {
    estimateShippingFee(checkoutId: $checkoutId) {
      estimatedShippingFee { amount }
      errors { field message }
    }
  }
`);

export const ShowCodFeeMutation = operation<G.ShowCodFeeMutation, G.ShowCodFeeMutationVariables>(/* GraphQL */ `
  mutation ShowCodFee($checkoutId: ID!) {
    showCodFee(checkoutId: $checkoutId) {
      cashOnDeliveryFee { amount }
      errors { field message }
    }
  }
`);

export const CheckoutAddPromoCodeMutation = operation<G.CheckoutAddPromoCodeMutation, G.CheckoutAddPromoCodeMutationVariables>(/* GraphQL */ `
  mutation CheckoutAddPromoCode($checkoutId: ID!, $promoCode: String!) {
    checkoutAddPromoCode(checkoutId: $checkoutId, promoCode: $promoCode) {
      errors { field message }
    }
  }
`);

export const CheckoutRemovePromoCodeMutation = operation<G.CheckoutRemovePromoCodeMutation, G.CheckoutRemovePromoCodeMutationVariables>(/* GraphQL */ `
  mutation CheckoutRemovePromoCode($checkoutId: ID!, $promoCode: String!) {
    checkoutRemovePromoCode(checkoutId: $checkoutId, promoCode: $promoCode) {
      errors { field message }
    }
  }
`);

export const CheckoutPaymentCreateMutation = operation<G.CheckoutPaymentCreateMutation, G.CheckoutPaymentCreateMutationVariables>(/* GraphQL */ `
  mutation CheckoutPaymentCreate($checkoutId: ID!, $input: PaymentInput!) {
    checkoutPaymentCreate(checkoutId: $checkoutId, input: $input) {
      errors { field message }
    }
  }
`);

export const CheckoutCompleteMutation = operation<G.CheckoutCompleteMutation, G.CheckoutCompleteMutationVariables>(/* GraphQL */ `
  mutation CheckoutComplete($checkoutId: ID!) {
    checkoutComplete(checkoutId: $checkoutId) {
      order { id total { gross { amount } } }
      redirectUrl
      qrCode
      errors { field message }
    }
  }
`);

// ---------------------------------------------------------------------------------------------
// Mapping

type GqlMoney = { amount: number | null } | null;

const cents = (m: GqlMoney | undefined) => (m?.amount != null ? pesosToCentavos(m.amount) : 0);
const gross = (m: { gross: GqlMoney } | null | undefined) => cents(m?.gross);

export function toAddressView(a: G.AddressFieldsFragment | null | undefined): AddressView | null {
  if (!a) return null;
  return {
    firstName: a.firstName ?? '',
    lastName: a.lastName ?? '',
    companyName: a.companyName ?? '',
    streetAddress1: a.streetAddress1 ?? '',
    streetAddress2: a.streetAddress2 ?? '',
    cityArea: a.cityArea ?? '',
    city: a.city ?? '',
    countryArea: a.countryArea ?? '',
    postalCode: a.postalCode ?? '',
    // The form shows the 10 digits after the fixed +63.
    phone: nationalPhone(a.phone ?? ''),
  };
}

export function toLineView(line: G.CheckoutLineFieldsFragment): CartLineView {
  const product = line.variant?.product;
  // As the product page names it: brand, then name (the [PRE-ORDER] prefix is the cart's own).
  const name = product?.name ? productDisplayName(product.name, product.brand?.name) : 'Unavailable product';
  return {
    id: line.id ?? '',
    variantId: line.variant?.id ?? '',
    productId: product?.id ?? '',
    productName: name,
    variantName: line.variant?.name ?? '',
    // The variant's own picture: a Mint phone shows the Mint picture.
    thumbnailUrl: line.variant?.thumbnail?.url ?? null,
    thumbnailAlt: line.variant?.thumbnail?.alt || name,
    stockQuantity: line.quantityAvailable ?? null,
    quantity: line.quantity ?? 0,
    unitPrice: gross(line.unitPrice),
    totalPrice: gross(line.totalPrice),
    isPreOrder: product?.isPreOrder ?? false,
    isFreeShippingFee: product?.isFreeShippingFee ?? false,
    isInstallmentReady: product?.isInstallmentReady ?? false,
  };
}

export function toCartSummary(checkout: Pick<NonNullable<NonNullable<G.CartSummaryQuery['me']>['checkout']>, 'quantity' | 'lines'> | null | undefined): CartSummaryView | null {
  if (!checkout) return null;
  return { quantity: checkout.quantity ?? 0, lines: (checkout.lines ?? []).map(toLineView) };
}

export function toCheckoutView(c: G.CheckoutFieldsFragment | null | undefined): CheckoutView | null {
  if (!c) return null;
  const methods: ShippingMethodView[] = (c.availableShippingMethods ?? []).map((m, index) => ({
    id: m.id ?? '',
    name: m.name ?? '',
    // The API names the type; older data falls back to the fixed order (first pickup).
    kind: m.type ? (m.type.toUpperCase() === 'PICKUP' ? 'pickup' : 'delivery') : index === 0 ? 'pickup' : 'delivery',
    price: cents(m.price),
  }));
  return {
    id: c.id ?? '',
    email: c.email ?? '',
    quantity: c.quantity ?? 0,
    lines: (c.lines ?? []).map(toLineView),
    subtotal: gross(c.subtotalPrice),
    shippingPrice: gross(c.shippingPrice),
    estimatedShippingFee: cents(c.estimatedShippingFee),
    cashOnDeliveryFee: cents(c.cashOnDeliveryAmount),
    hasInsurance: c.hasInsurance ?? false,
    insurance: cents(c.insurance),
    discount: cents(c.discount),
    discountName: c.discountName,
    voucherCode: c.voucherCode,
    total: gross(c.totalPrice),
    shippingMethodId: c.shippingMethod?.id ?? null,
    shippingMethods: methods,
    paypalFee: cents(c.paypalTransactionFee),
    appliedPaypalFee: cents(c.paypalFee),
    gateways: (c.availablePaymentGateways ?? []).map((g) => ({
      id: g.id ?? '',
      name: g.name ?? '',
      displayName: g.displayName ?? g.name ?? '',
      logo: g.logo ?? '',
      config: (g.config ?? []).map((entry) => ({ field: entry.field ?? '', value: entry.value })),
    })),
    unavailableGateways: (c.unavailablePaymentGateways ?? []).map((g) => ({
      name: g.name ?? '',
      displayName: g.displayName ?? g.name ?? '',
      logo: g.logo ?? '',
      reason: g.reason ?? '',
      message: g.message ?? '',
    })),
    billingAddress: toAddressView(c.billingAddress),
    shippingAddress: toAddressView(c.shippingAddress),
  };
}

/**
 * What the checkout action addresses its mutations with, or null when there is no checkout to
 * act on. The contact email is the checkout's, else the account's.
 */
export function toActionContext(data: G.CheckoutActionContextQuery) {
  const me = data.me;
  const checkout = me?.checkout;
  if (!me || !checkout?.id) return null;
  return {
    checkoutId: checkout.id,
    email: checkout.email || me.email || '',
    hasInsurance: checkout.hasInsurance ?? false,
    userName: `${me.firstName ?? ''} ${me.lastName ?? ''}`.trim(),
  };
}

/** The placed order's total in centavos (0 when the API leaves it out). */
export function placedTotal(order: { total: { gross: GqlMoney } | null }): number {
  const amount = order.total?.gross?.amount;
  // As before: pesos times 100, rounded (the order total the payment screens charge).
  return amount != null ? Math.round(amount * 100) : 0;
}
