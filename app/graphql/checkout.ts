// Cart and checkout operations (spec 2, sections 7.2 and 7.5) and their mapping into the
// screens' view types. Money arrives as pesos ({amount}) and is turned back into centavos.
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';
import { ADDRESS_FIELDS } from './address';
import { pesosToCentavos } from '../../common/money';
import type {
  AddressView,
  CartLineView,
  CartSummaryView,
  CheckoutView,
  ShippingMethodView,
} from '../components/checkout/types';

type Money = { amount: number };
type TaxedMoney = { gross: Money };

type AddressData = {
  firstName: string;
  lastName: string;
  companyName: string | null;
  streetAddress1: string;
  streetAddress2: string | null;
  city: string;
  cityArea: string | null;
  countryArea: string;
  postalCode: string;
  phone: string | null;
};

type LineData = {
  id: string;
  quantity: number;
  totalPrice: TaxedMoney | null;
  unitPrice: TaxedMoney | null;
  variant: {
    id: string;
    name: string | null;
    stockQuantity: number;
    thumbnail: { url: string | null; alt: string | null } | null;
    product: {
      id: string;
      name: string | null;
      isPreOrder: boolean | null;
      isFreeShippingFee: boolean | null;
      isInstallmentReady?: boolean | null;
    } | null;
  } | null;
};

const LINE_FIELDS = /* GraphQL */ `
  fragment CheckoutLineFields on CheckoutLine {
    id
    quantity
    totalPrice { gross { amount } }
    unitPrice { gross { amount } }
    variant {
      id
      name
      stockQuantity
      thumbnail(size: 160) { url alt }
      product {
        id
        name
        isPreOrder
        isFreeShippingFee
        isInstallmentReady
      }
    }
  }
`;

type CheckoutData = {
  id: string;
  email: string | null;
  quantity: number;
  lines: LineData[];
  subtotalPrice: TaxedMoney | null;
  totalPrice: TaxedMoney | null;
  shippingPrice: TaxedMoney | null;
  estimatedShippingFee: Money | null;
  cashOnDeliveryAmount: Money | null;
  hasInsurance: boolean;
  insurance: Money | null;
  discount: Money | null;
  discountName: string | null;
  voucherCode: string | null;
  billingAddress: AddressData | null;
  shippingAddress: AddressData | null;
  shippingMethod: { id: string } | null;
  availableShippingMethods: { id: string; name: string; type: string | null; price: Money | null }[];
  availablePaymentGateways: { id: string; name: string; config: { field: string; value: string | null }[] }[];
  unavailablePaymentGateways: { name: string; message: string }[];
};

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
    availablePaymentGateways { id name config { field value } }
    unavailablePaymentGateways { name message }
  }
  ${LINE_FIELDS}${ADDRESS_FIELDS}
`;

// ---------------------------------------------------------------------------------------------
// Queries

export const CartSummaryQuery = operation<{
  me: { checkout: { quantity: number; lines: LineData[] } | null } | null;
}>(/* GraphQL */ `
  query CartSummary {
    me {
      checkout {
        quantity
        lines { ...CheckoutLineFields }
      }
    }
  }
  ${LINE_FIELDS}
`);

export const CheckoutPageQuery = operation<{
  me: {
    id: string;
    email: string;
    isVerified: boolean;
    defaultBillingAddress: AddressData | null;
    defaultShippingAddress: AddressData | null;
    checkout: CheckoutData | null;
  } | null;
}>(/* GraphQL */ `
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

type CartData = Pick<CheckoutData, 'id' | 'quantity' | 'lines' | 'subtotalPrice'>;

export const CartPageQuery = operation<{ me: { checkout: CartData | null } | null }>(/* GraphQL */ `
  query CartPage {
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

export function toCartPage(c: CartData | null | undefined): { lines: CartLineView[]; subtotal: number } {
  return { lines: c?.lines.map(toLineView) ?? [], subtotal: gross(c?.subtotalPrice) };
}

/** What the checkout action needs to address its mutations. */
export const CheckoutActionContextQuery = operation<{
  me: {
    email: string;
    firstName: string | null;
    lastName: string | null;
    checkout: { id: string; email: string | null; hasInsurance: boolean } | null;
  } | null;
}>(/* GraphQL */ `
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
export const AddToCartContextQuery = operation<{
  me: {
    email: string;
    defaultBillingAddress: { id: string } | null;
    defaultShippingAddress: { id: string } | null;
    checkout: { id: string } | null;
  } | null;
}>(/* GraphQL */ `
  query AddToCartContext {
    me {
      email
      defaultBillingAddress { id }
      defaultShippingAddress { id }
      checkout { id }
    }
  }
`);

// ---------------------------------------------------------------------------------------------
// Mutations

type Payload<T = object> = (T & { errors: FieldError[] | null }) | null;
type LineInput = { variantId: string; quantity: number };
type CheckoutQuantity = { checkout: { id: string; quantity: number } | null };
/** Lines the server set to the stock left instead of the quantity asked for (issue 13). */
type Adjusted = { adjustments: { message: string }[] | null };

export const CheckoutCreateMutation = operation<
  { checkoutCreate: Payload<CheckoutQuantity & Adjusted> },
  { input: { lines: LineInput[]; email: string } }
>(/* GraphQL */ `
  mutation CheckoutCreate($input: CheckoutCreateInput!) {
    checkoutCreate(input: $input) {
      checkout { id quantity }
      errors { field message }
      adjustments { message }
    }
  }
`);

export const CheckoutLinesUpdateMutation = operation<
  { checkoutLinesUpdate: Payload<CheckoutQuantity & Adjusted> },
  { checkoutId: string; lines: LineInput[]; replace?: boolean }
>(/* GraphQL */ `
  mutation CheckoutLinesUpdate($checkoutId: ID!, $lines: [CheckoutLineInput!]!, $replace: Boolean) {
    checkoutLinesUpdate(checkoutId: $checkoutId, lines: $lines, replace: $replace) {
      checkout { id quantity }
      errors { field message }
      adjustments { message }
    }
  }
`);

export const CheckoutLineDeleteMutation = operation<
  { checkoutLineDelete: Payload<CheckoutQuantity> },
  { checkoutId: string; lineId: string }
>(/* GraphQL */ `
  mutation CheckoutLineDelete($checkoutId: ID!, $lineId: ID!) {
    checkoutLineDelete(checkoutId: $checkoutId, lineId: $lineId) {
      checkout { id quantity }
      errors { field message }
    }
  }
`);

export type AddressInput = Omit<AddressData, 'companyName' | 'streetAddress2' | 'cityArea' | 'phone'> & {
  companyName: string;
  streetAddress2: string;
  cityArea: string;
  phone: string;
  country: string;
};

export const CheckoutShippingAddressUpdateMutation = operation<
  { checkoutShippingAddressUpdate: Payload },
  { checkoutId: string; shippingAddress: AddressInput; email: string }
>(/* GraphQL */ `
  mutation CheckoutShippingAddressUpdate($checkoutId: ID!, $shippingAddress: AddressInput!, $email: String!) {
    checkoutShippingAddressUpdate(checkoutId: $checkoutId, shippingAddress: $shippingAddress, email: $email) {
      errors { field message }
    }
  }
`);

export const CheckoutBillingAddressUpdateMutation = operation<
  { checkoutBillingAddressUpdate: Payload },
  { checkoutId: string; billingAddress: AddressInput }
>(/* GraphQL */ `
  mutation CheckoutBillingAddressUpdate($checkoutId: ID!, $billingAddress: AddressInput!) {
    checkoutBillingAddressUpdate(checkoutId: $checkoutId, billingAddress: $billingAddress) {
      errors { field message }
    }
  }
`);

export const CheckoutShippingMethodUpdateMutation = operation<
  { checkoutShippingMethodUpdate: Payload },
  { checkoutId: string; shippingMethodId: string }
>(/* GraphQL */ `
  mutation CheckoutShippingMethodUpdate($checkoutId: ID!, $shippingMethodId: ID!) {
    checkoutShippingMethodUpdate(checkoutId: $checkoutId, shippingMethodId: $shippingMethodId) {
      errors { field message }
    }
  }
`);

export const CheckoutInsuranceUpdateMutation = operation<
  { checkoutInsuranceUpdate: Payload<{ insurancePrice: Money | null }> },
  { checkoutId: string; availInsurance: boolean }
>(/* GraphQL */ `
  mutation CheckoutInsuranceUpdate($checkoutId: ID!, $availInsurance: Boolean!) {
    checkoutInsuranceUpdate(checkoutId: $checkoutId, availInsurance: $availInsurance) {
      insurancePrice { amount }
      errors { field message }
    }
  }
`);

export const EstimateShippingFeeMutation = operation<
  { estimateShippingFee: Payload<{ estimatedShippingFee: Money | null }> },
  { checkoutId: string }
>(/* GraphQL */ `
  mutation EstimateShippingFee($checkoutId: ID!) {
    estimateShippingFee(checkoutId: $checkoutId) {
      estimatedShippingFee { amount }
      errors { field message }
    }
  }
`);

export const ShowCodFeeMutation = operation<
  { showCodFee: Payload<{ cashOnDeliveryFee: Money | null }> },
  { checkoutId: string }
>(/* GraphQL */ `
  mutation ShowCodFee($checkoutId: ID!) {
    showCodFee(checkoutId: $checkoutId) {
      cashOnDeliveryFee { amount }
      errors { field message }
    }
  }
`);

export const CheckoutAddPromoCodeMutation = operation<
  { checkoutAddPromoCode: Payload },
  { checkoutId: string; promoCode: string }
>(/* GraphQL */ `
  mutation CheckoutAddPromoCode($checkoutId: ID!, $promoCode: String!) {
    checkoutAddPromoCode(checkoutId: $checkoutId, promoCode: $promoCode) {
      errors { field message }
    }
  }
`);

export const CheckoutRemovePromoCodeMutation = operation<
  { checkoutRemovePromoCode: Payload },
  { checkoutId: string; promoCode: string }
>(/* GraphQL */ `
  mutation CheckoutRemovePromoCode($checkoutId: ID!, $promoCode: String!) {
    checkoutRemovePromoCode(checkoutId: $checkoutId, promoCode: $promoCode) {
      errors { field message }
    }
  }
`);

export const CheckoutPaymentCreateMutation = operation<
  { checkoutPaymentCreate: Payload },
  { checkoutId: string; input: { gateway: string; token: string; paymayaCardId?: string | null } }
>(/* GraphQL */ `
  mutation CheckoutPaymentCreate($checkoutId: ID!, $input: PaymentInput!) {
    checkoutPaymentCreate(checkoutId: $checkoutId, input: $input) {
      errors { field message }
    }
  }
`);

export const CheckoutCompleteMutation = operation<
  {
    checkoutComplete: Payload<{
      order: { id: string; total: TaxedMoney | null } | null;
      redirectUrl: string | null;
      qrCode: string | null;
    }>;
  },
  { checkoutId: string }
>(/* GraphQL */ `
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

const cents = (m: Money | null | undefined) => (m ? pesosToCentavos(m.amount) : 0);
const gross = (m: TaxedMoney | null | undefined) => cents(m?.gross);

export function toAddressView(a: AddressData | null | undefined): AddressView | null {
  if (!a) return null;
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    companyName: a.companyName ?? '',
    streetAddress1: a.streetAddress1,
    streetAddress2: a.streetAddress2 ?? '',
    cityArea: a.cityArea ?? '',
    city: a.city,
    countryArea: a.countryArea,
    postalCode: a.postalCode,
    // The form shows the 10 digits after the fixed +63.
    phone: (a.phone ?? '').replace(/^\+63/, ''),
  };
}

export function toLineView(line: LineData): CartLineView {
  const product = line.variant?.product;
  const name = product?.name ?? 'Unavailable product';
  return {
    id: line.id,
    variantId: line.variant?.id ?? '',
    productId: product?.id ?? '',
    productName: name,
    variantName: line.variant?.name ?? '',
    // The variant's own picture: a Mint phone shows the Mint picture.
    thumbnailUrl: line.variant?.thumbnail?.url ?? null,
    thumbnailAlt: line.variant?.thumbnail?.alt || name,
    stockQuantity: line.variant?.stockQuantity ?? null,
    quantity: line.quantity,
    unitPrice: gross(line.unitPrice),
    totalPrice: gross(line.totalPrice),
    isPreOrder: product?.isPreOrder ?? false,
    isFreeShippingFee: product?.isFreeShippingFee ?? false,
    isInstallmentReady: product?.isInstallmentReady ?? false,
  };
}

export function toCartSummary(checkout: { quantity: number; lines: LineData[] } | null | undefined): CartSummaryView | null {
  if (!checkout) return null;
  return { quantity: checkout.quantity, lines: checkout.lines.map(toLineView) };
}

export function toCheckoutView(c: CheckoutData | null | undefined): CheckoutView | null {
  if (!c) return null;
  const methods: ShippingMethodView[] = c.availableShippingMethods.map((m, index) => ({
    id: m.id,
    name: m.name,
    // The API names the type; older data falls back to the fixed order (first pickup).
    kind: m.type ? (m.type.toUpperCase() === 'PICKUP' ? 'pickup' : 'delivery') : index === 0 ? 'pickup' : 'delivery',
    price: cents(m.price),
  }));
  return {
    id: c.id,
    email: c.email ?? '',
    quantity: c.quantity,
    lines: c.lines.map(toLineView),
    subtotal: gross(c.subtotalPrice),
    shippingPrice: gross(c.shippingPrice),
    estimatedShippingFee: cents(c.estimatedShippingFee),
    cashOnDeliveryFee: cents(c.cashOnDeliveryAmount),
    hasInsurance: c.hasInsurance,
    insurance: cents(c.insurance),
    discount: cents(c.discount),
    discountName: c.discountName,
    voucherCode: c.voucherCode,
    total: gross(c.totalPrice),
    shippingMethodId: c.shippingMethod?.id ?? null,
    shippingMethods: methods,
    gateways: c.availablePaymentGateways.map((g) => ({ id: g.id, name: g.name, config: g.config })),
    unavailableGateways: c.unavailablePaymentGateways,
    billingAddress: toAddressView(c.billingAddress),
    shippingAddress: toAddressView(c.shippingAddress),
  };
}
