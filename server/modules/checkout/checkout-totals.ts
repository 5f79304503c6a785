// The checkout's money, computed on the server only (docs/product/cart-and-checkout.md#totals).
// Pure functions over centavos so that every rule can be checked by hand in a unit test.

export type CheckoutSettings = {
  /** Basis points of the subtotal: 100 = 1%. */
  insuranceRate: number;
  insuranceMinimum: number;
  /** Basis points of the total before the fee. */
  codFeeRate: number;
  codFeeMinimum: number;
  /** COD only for delivery orders whose total is at most this. */
  codMaximumOrder: number;
  /** Basis points: 440 = 4.4%. */
  paypalFeeRate: number;
};

export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = {
  insuranceRate: 100,
  insuranceMinimum: 50_00,
  codFeeRate: 200,
  codFeeMinimum: 20_00,
  codMaximumOrder: 50_000_00,
  paypalFeeRate: 440,
};

export type PricedLine = {
  unitPrice: number;
  quantity: number;
  weightGrams: number;
  isFreeShippingFee: boolean;
};

export type RateTable = {
  /** Bands sorted or not: the cheapest band whose maxWeightGrams holds the parcel applies. */
  rates: readonly { maxWeightGrams: number; price: number }[];
  /** Added per started kilogram above the heaviest band. */
  extraPerKgPrice: number;
};

export type VoucherTerms = {
  type: 'FIXED' | 'PERCENTAGE';
  /** FIXED: centavos; PERCENTAGE: basis points. */
  value: number;
};

export type ShippingKind = 'PICKUP' | 'DELIVERY';

export type TotalsInput = {
  lines: readonly PricedLine[];
  shipping: ShippingKind | null;
  /** The destination's rate table; null while there is no shipping address. */
  rateTable: RateTable | null;
  hasInsurance: boolean;
  voucher: VoucherTerms | null;
  /** The chosen payment is cash on delivery: its fee is part of the total. */
  cashOnDelivery: boolean;
  /** The chosen payment is PayPal: its fee is part of the total (ADR 040). */
  paypal?: boolean;
  settings: CheckoutSettings;
};

export type Totals = {
  quantity: number;
  subtotal: number;
  /** Weight of the lines that pay shipping (free-shipping lines excluded). */
  shippingWeightGrams: number;
  estimatedShippingFee: number;
  shippingPrice: number;
  insurance: number;
  discount: number;
  /** The COD fee this checkout would pay (shown by showCodFee); null when COD is not allowed. */
  cashOnDeliveryFee: number | null;
  /** The fee included in the total: cashOnDeliveryFee when paying by COD, else 0. */
  appliedCashOnDeliveryFee: number;
  /** What paying with PayPal adds to the total before payment fees (paypalFeeFor). */
  paypalFee: number;
  /** The PayPal fee included in the total: paypalFee when paying with PayPal, else 0. */
  appliedPaypalFee: number;
  /** The total before a payment's own fee (COD or PayPal): what gateway rules and fees are computed on. */
  totalBeforePaymentFee: number;
  total: number;
};

/** A share of an amount in basis points, rounded half up to the centavo. */
export function basisPoints(amount: number, rate: number): number {
  return Math.round((amount * rate) / 10_000);
}

export function subtotalOf(lines: readonly PricedLine[]): number {
  return lines.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
}

/** The rate-table price of a parcel; 0 for an empty parcel or an empty table. */
export function shippingFeeFor(weightGrams: number, table: RateTable | null): number {
  if (!table || weightGrams <= 0 || table.rates.length === 0) return 0;
  const bands = [...table.rates].sort((a, b) => a.maxWeightGrams - b.maxWeightGrams);
  const band = bands.find((b) => weightGrams <= b.maxWeightGrams);
  if (band) return band.price;
  const heaviest = bands[bands.length - 1]!;
  const extraKg = Math.ceil((weightGrams - heaviest.maxWeightGrams) / 1000);
  return heaviest.price + extraKg * table.extraPerKgPrice;
}

export function insuranceFor(subtotal: number, settings: CheckoutSettings): number {
  if (subtotal <= 0) return 0;
  return Math.max(basisPoints(subtotal, settings.insuranceRate), settings.insuranceMinimum);
}

/** Vouchers discount the lines only, never below zero. */
export function discountFor(subtotal: number, voucher: VoucherTerms | null): number {
  if (!voucher || subtotal <= 0) return 0;
  const raw = voucher.type === 'FIXED' ? voucher.value : Math.floor((subtotal * voucher.value) / 10_000);
  return Math.min(Math.max(raw, 0), subtotal);
}

/** The COD fee on a total, or null when COD is not offered for it (pickup or over the limit). */
export function cashOnDeliveryFeeFor(
  totalBeforeFee: number,
  shipping: ShippingKind | null,
  settings: CheckoutSettings,
): number | null {
  if (shipping !== 'DELIVERY' || totalBeforeFee > settings.codMaximumOrder) return null;
  return Math.max(basisPoints(totalBeforeFee, settings.codFeeRate), settings.codFeeMinimum);
}

/** docs/product/cart-and-checkout.md#totals: PayPal fee = total / (1 - rate) - total, so that what is left after PayPal's cut is the total. */
export function paypalFeeFor(total: number, settings: CheckoutSettings): number {
  const rate = settings.paypalFeeRate / 10_000;
  return Math.round(total / (1 - rate) - total);
}

export function computeTotals(input: TotalsInput): Totals {
  const { lines, shipping, settings } = input;
  const quantity = lines.reduce((sum, line) => sum + line.quantity, 0);
  const subtotal = subtotalOf(lines);
  const shippingWeightGrams = lines
    .filter((line) => !line.isFreeShippingFee)
    .reduce((sum, line) => sum + line.weightGrams * line.quantity, 0);
  const estimatedShippingFee = shipping === 'DELIVERY' ? shippingFeeFor(shippingWeightGrams, input.rateTable) : 0;
  const shippingPrice = estimatedShippingFee;
  // Insurance is an add-on of delivery only: a parcel picked up is never in transit.
  const insurance = shipping === 'DELIVERY' && input.hasInsurance ? insuranceFor(subtotal, settings) : 0;
  const discount = discountFor(subtotal, input.voucher);
  const beforeFee = subtotal - discount + shippingPrice + insurance;
  const cashOnDeliveryFee = cashOnDeliveryFeeFor(beforeFee, shipping, settings);
  const appliedCashOnDeliveryFee = input.cashOnDelivery ? (cashOnDeliveryFee ?? 0) : 0;
  const paypalFee = paypalFeeFor(beforeFee, settings);
  // One payment, one fee: COD and PayPal never both apply.
  const appliedPaypalFee = input.paypal && !input.cashOnDelivery ? paypalFee : 0;
  return {
    quantity,
    subtotal,
    shippingWeightGrams,
    estimatedShippingFee,
    shippingPrice,
    insurance,
    discount,
    cashOnDeliveryFee,
    appliedCashOnDeliveryFee,
    paypalFee,
    appliedPaypalFee,
    totalBeforePaymentFee: beforeFee,
    total: beforeFee + appliedCashOnDeliveryFee + appliedPaypalFee,
  };
}
