// What the cart and checkout screens show, independent of the API's field names: the route
// loaders map the GraphQL answer into these (app/graphql/checkout.ts).

export type AddressView = {
  firstName: string;
  lastName: string;
  companyName: string;
  streetAddress1: string;
  streetAddress2: string;
  /** Barangay. */
  cityArea: string;
  city: string;
  /** Province. */
  countryArea: string;
  postalCode: string;
  /** What the field after the fixed +63 holds: the saved number's 10 digits, or as typed. */
  phone: string;
};

export type CartLineView = {
  id: string;
  variantId: string;
  productId: string;
  productName: string;
  variantName: string;
  thumbnailUrl: string | null;
  thumbnailAlt: string;
  quantity: number;
  /** Centavos. */
  unitPrice: number;
  /** Centavos. */
  totalPrice: number;
  isPreOrder: boolean;
  isFreeShippingFee: boolean;
  /** Installment gateways and the calculator only when every line is installment-ready. */
  isInstallmentReady: boolean;
  /** Units that can be bought (the cart's stepper stops there); null when unknown. */
  stockQuantity: number | null;
};

export type ShippingMethodView = {
  id: string;
  name: string;
  kind: 'pickup' | 'delivery';
  /** Centavos. */
  price: number;
};

export type GatewayView = {
  id: string;
  name: string;
  /** What shoppers read ('Debit/Credit Card' for the Maya card gateways). */
  displayName: string;
  /** The gateway's mark (public/gateways/*.svg unless staff set another). */
  logo: string;
  /** The gateway's public settings, e.g. Bank Deposit's bank, accountName, accountNumber. */
  config: { field: string; value: string | null }[];
};

export type UnavailableGatewayView = { name: string; displayName: string; logo: string; reason: string; message: string };

export type CheckoutView = {
  id: string;
  email: string;
  quantity: number;
  lines: CartLineView[];
  /** All money in centavos. */
  subtotal: number;
  shippingPrice: number;
  estimatedShippingFee: number;
  cashOnDeliveryFee: number;
  hasInsurance: boolean;
  insurance: number;
  discount: number;
  discountName: string | null;
  voucherCode: string | null;
  total: number;
  shippingMethodId: string | null;
  shippingMethods: ShippingMethodView[];
  gateways: GatewayView[];
  /** Offered gateways this checkout may not use, with why in one line: shown disabled in the chooser. */
  unavailableGateways: UnavailableGatewayView[];
  /** Centavos: what paying by PayPal adds (docs/product/cart-and-checkout.md#paypal-fee). */
  paypalFee: number;
  /** Centavos: the PayPal fee the total includes (PayPal is the chosen payment), else 0 (ADR 040). */
  appliedPaypalFee: number;
  billingAddress: AddressView | null;
  shippingAddress: AddressView | null;
};

/** The header cart panel's compact view. */
export type CartSummaryView = {
  quantity: number;
  lines: Pick<CartLineView, 'id' | 'productName' | 'variantName' | 'thumbnailUrl' | 'thumbnailAlt' | 'quantity' | 'totalPrice'>[];
};

export const emptyAddress: AddressView = {
  firstName: '',
  lastName: '',
  companyName: '',
  streetAddress1: '',
  streetAddress2: '',
  cityArea: '',
  city: '',
  countryArea: '',
  postalCode: '',
  phone: '',
};
