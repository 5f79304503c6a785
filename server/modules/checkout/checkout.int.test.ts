// The cart and checkout API end to end on a real database: lines, addresses, shipping,
// insurance, COD, vouchers, payment and completion, with totals checked against hand sums.
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userVouchers } from '../accounts/accounts.tables';
import { products, productVariants } from '../catalogue/catalogue.tables';
import { emails } from '../notifications/notifications.tables';
import { orderLines, orders, orderStatusLogs } from '../orders/orders.tables';
import { payments } from '../payments/payments.tables';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { vouchers } from './checkout.tables';
import {
  ADDRESS,
  CEBU_ADDRESS,
  createCustomer,
  createVariant,
  giveReferralVoucher,
  seedZones,
  type Customer,
} from './checkout.fixtures';

const CHECKOUT = /* GraphQL */ `
  fragment CheckoutFields on Checkout {
    id
    token
    email
    quantity
    lines {
      id
      quantity
      variant {
        id
      }
      totalPrice {
        gross {
          amount
        }
      }
    }
    subtotalPrice {
      gross {
        amount
      }
    }
    shippingPrice {
      gross {
        amount
      }
    }
    estimatedShippingFee {
      amount
    }
    cashOnDeliveryAmount {
      amount
    }
    hasInsurance
    insurance {
      amount
    }
    discount {
      amount
    }
    discountName
    voucherCode
    totalPrice {
      gross {
        amount
      }
    }
    billingAddress {
      firstName
      city
      countryArea
      phone
    }
    shippingAddress {
      firstName
      city
      countryArea
    }
    availableShippingMethods {
      id
      name
      type
    }
    shippingMethod {
      id
      name
    }
    availablePaymentGateways {
      id
      name
      config {
        field
        value
      }
    }
    paymentGateway
  }
`;

type Money = { amount: number };
type CheckoutData = {
  id: string;
  token: string;
  email: string;
  quantity: number;
  lines: { id: string; quantity: number; variant: { id: string } | null; totalPrice: { gross: Money } }[];
  subtotalPrice: { gross: Money };
  shippingPrice: { gross: Money };
  estimatedShippingFee: Money;
  cashOnDeliveryAmount: Money | null;
  hasInsurance: boolean;
  insurance: Money;
  discount: Money;
  discountName: string | null;
  voucherCode: string | null;
  totalPrice: { gross: Money };
  billingAddress: { firstName: string; city: string; countryArea: string; phone: string } | null;
  shippingAddress: { firstName: string; city: string; countryArea: string } | null;
  availableShippingMethods: { id: string; name: string; type: string }[];
  shippingMethod: { id: string; name: string } | null;
  availablePaymentGateways: { id: string; name: string; config: { field: string; value: string }[] }[];
  paymentGateway: string | null;
};
type Errors = { field: string | null; message: string }[];
type Payload = { checkout: CheckoutData | null; errors: Errors };

const ops = {
  create: `mutation($input: CheckoutCreateInput!) { checkoutCreate(input: $input) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  lines: `mutation($id: ID!, $lines: [CheckoutLineInput!]!, $replace: Boolean) { checkoutLinesUpdate(checkoutId: $id, lines: $lines, replace: $replace) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  lineDelete: `mutation($id: ID!, $lineId: ID!) { checkoutLineDelete(checkoutId: $id, lineId: $lineId) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  shippingAddress: `mutation($id: ID!, $address: AddressInput!, $email: String) { checkoutShippingAddressUpdate(checkoutId: $id, shippingAddress: $address, email: $email) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  billingAddress: `mutation($id: ID!, $address: AddressInput!) { checkoutBillingAddressUpdate(checkoutId: $id, billingAddress: $address) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  method: `mutation($id: ID!, $method: ID!) { checkoutShippingMethodUpdate(checkoutId: $id, shippingMethodId: $method) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  insurance: `mutation($id: ID!, $avail: Boolean!) { checkoutInsuranceUpdate(checkoutId: $id, availInsurance: $avail) { insurancePrice { amount } checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  estimate: `mutation($id: ID!) { estimateShippingFee(checkoutId: $id) { estimatedShippingFee { amount } errors { field message } } }`,
  codFee: `mutation($id: ID!) { showCodFee(checkoutId: $id) { cashOnDeliveryFee { amount } errors { field message } } }`,
  addPromo: `mutation($id: ID!, $code: String!) { checkoutAddPromoCode(checkoutId: $id, promoCode: $code) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  removePromo: `mutation($id: ID!, $code: String) { checkoutRemovePromoCode(checkoutId: $id, promoCode: $code) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  payment: `mutation($id: ID!, $input: PaymentInput!) { checkoutPaymentCreate(checkoutId: $id, input: $input) { checkout { ...CheckoutFields } errors { field message } } } ${CHECKOUT}`,
  complete: `mutation($id: ID!) { checkoutComplete(checkoutId: $id) { redirectUrl qrCode order { id number referenceKey status statusDisplay total { gross { amount } } subtotal { gross { amount } } shippingPrice { gross { amount } } insurance { amount } cashOnDeliveryFee { amount } discount { amount } voucher { code } gateway lines { productName quantity unitPrice { gross { amount } } } billingAddress { city } shippingAddress { city } statusLogs { status } } errors { field message } } }`,
  me: `query { me { checkout { ...CheckoutFields } } } ${CHECKOUT}`,
  byToken: `query($token: String!) { checkout(token: $token) { id quantity } }`,
  zones: `query { shippingZones(first: 10) { totalCount edges { node { name default provinces rates { maxWeight price { amount } } shippingMethods { name } } } } }`,
};

let api: TestApi;
let phone: number; // ₱10,000, 800 g
let charger: number; // ₱500, 300 g
let speaker: number; // ₱1,000, 2 kg, free shipping
let laptop: number; // ₱60,000, 2.5 kg

beforeAll(async () => {
  api = await createTestApi();
  await seedZones(api.db);
  phone = await createVariant(api.db, { price: 10_000_00, stock: 100, weightGrams: 800 });
  charger = await createVariant(api.db, { price: 500_00, stock: 100, weightGrams: 300 });
  speaker = await createVariant(api.db, { price: 1_000_00, stock: 100, weightGrams: 2000, isFreeShippingFee: true });
  laptop = await createVariant(api.db, { price: 60_000_00, stock: 100, weightGrams: 2500 });
});
afterAll(() => api.close());

const vid = (id: number) => encodeGlobalID('ProductVariant', id);

async function call(customer: Customer | null, query: string, variables: Record<string, unknown>) {
  const response = await api.gql<Record<string, Payload & Record<string, unknown>>>(query, variables, {
    token: customer?.token,
  });
  expect(response.errors).toBeUndefined();
  return Object.values(response.data!)[0]!;
}

async function cart(customer: Customer, lines: [number, number][]) {
  const result = await call(customer, ops.create, {
    input: { lines: lines.map(([variantId, quantity]) => ({ variantId: vid(variantId), quantity })) },
  });
  expect(result.errors).toEqual([]);
  return result.checkout!;
}

/** Addresses, a shipping method (0 pickup, 1 delivery) and a gateway. */
async function prepare(customer: Customer, checkout: CheckoutData, delivery: boolean, address = ADDRESS) {
  const billing = await call(customer, ops.billingAddress, { id: checkout.id, address: ADDRESS });
  expect(billing.errors).toEqual([]);
  if (delivery) {
    const shipping = await call(customer, ops.shippingAddress, {
      id: checkout.id,
      address,
      email: customer.user.email,
    });
    expect(shipping.errors).toEqual([]);
  }
  const method = await call(customer, ops.method, {
    id: checkout.id,
    method: checkout.availableShippingMethods[delivery ? 1 : 0]!.id,
  });
  expect(method.errors).toEqual([]);
  return method.checkout!;
}

async function pay(customer: Customer, checkout: CheckoutData, gateway: string) {
  const result = await call(customer, ops.payment, {
    id: checkout.id,
    input: { gateway, token: 'not-charged', amount: checkout.totalPrice.gross.amount },
  });
  expect(result.errors).toEqual([]);
  return result.checkout!;
}


// The gateways without a provider (the hosted ones are tested in payments/).
const offline = (gateways: { id: string }[]) =>
  gateways.map((g) => g.id).filter((id) => id === 'Bank Deposit' || id === 'Cash on Delivery');
describe('cart', () => {
  it('asks visitors to sign up or log in', async () => {
    const result = await call(null, ops.create, { input: { lines: [{ variantId: vid(phone), quantity: 1 }] } });
    expect(result.errors).toEqual([{ field: null, message: 'Please signup/login to unlock add to cart' }]);
  });

  it('adds to the line of the same variant, sets with replace, removes at 0 and by line', async () => {
    const customer = await createCustomer(api);
    let checkout = await cart(customer, [[phone, 1]]);
    expect(checkout.quantity).toBe(1);
    expect(checkout.email).toBe(customer.user.email);

    // checkoutCreate again (another add to cart) adds to the same cart.
    checkout = await cart(customer, [[phone, 2]]);
    expect(checkout.lines).toHaveLength(1);
    expect(checkout.quantity).toBe(3);

    let result = await call(customer, ops.lines, {
      id: checkout.id,
      lines: [{ variantId: vid(charger), quantity: 2 }],
    });
    expect(result.checkout!.quantity).toBe(5);
    result = await call(customer, ops.lines, { id: checkout.id, lines: [{ variantId: vid(phone), quantity: 1 }] });
    expect(result.checkout!.lines.find((l) => l.variant?.id === vid(phone))!.quantity).toBe(4);

    // Update Cart sends every line's quantity: replace sets them; 0 removes a line.
    result = await call(customer, ops.lines, {
      id: checkout.id,
      replace: true,
      lines: [
        { variantId: vid(phone), quantity: 2 },
        { variantId: vid(charger), quantity: 0 },
      ],
    });
    expect(result.checkout!.lines.map((l) => [l.variant!.id, l.quantity])).toEqual([[vid(phone), 2]]);
    expect(result.checkout!.subtotalPrice.gross.amount).toBe(20_000);

    await api.db.insert(vouchers).values({ code: 'CARTTEST', name: 'Cart test', type: 'FIXED', value: 1_00 });
    expect((await call(customer, ops.addPromo, { id: checkout.id, code: 'CARTTEST' })).checkout!.voucherCode).toBe(
      'CARTTEST',
    );
    result = await call(customer, ops.lineDelete, { id: checkout.id, lineId: result.checkout!.lines[0]!.id });
    expect(result.errors).toEqual([]);
    // An empty cart drops its voucher (docs/product/cart-and-checkout.md#promo-codes).
    expect(result.checkout).toMatchObject({ quantity: 0, voucherCode: null });

    const me = await api.gql<{ me: { checkout: CheckoutData } }>(ops.me, {}, { token: customer.token });
    expect(me.data!.me.checkout.id).toBe(checkout.id);
  });

  // Quantities above the stock left: checkout-stock.int.test.ts.

  it("keeps a customer's cart from everyone else", async () => {
    const owner = await createCustomer(api);
    const other = await createCustomer(api);
    const checkout = await cart(owner, [[phone, 1]]);
    const result = await call(other, ops.lines, { id: checkout.id, lines: [{ variantId: vid(phone), quantity: 1 }] });
    expect(result.errors).toEqual([{ field: 'checkoutId', message: 'Checkout not found.' }]);
    const complete = await call(other, ops.complete, { id: checkout.id });
    expect(complete.errors).toEqual([{ field: 'checkoutId', message: 'Checkout not found.' }]);
    const byToken = await api.gql<{ checkout: unknown }>(
      ops.byToken,
      { token: checkout.token },
      { token: other.token },
    );
    expect(byToken.data!.checkout).toBeNull();
    const own = await api.gql<{ checkout: { quantity: number } }>(
      ops.byToken,
      { token: checkout.token },
      { token: owner.token },
    );
    expect(own.data!.checkout.quantity).toBe(1);
  });

  it('validates addresses with the account rules and messages', async () => {
    const customer = await createCustomer(api);
    const checkout = await cart(customer, [[phone, 1]]);
    const result = await call(customer, ops.billingAddress, {
      id: checkout.id,
      address: { ...ADDRESS, postalCode: '12' },
    });
    expect(result.errors[0]).toEqual({
      field: 'billingAddress.postalCode',
      message: 'Please enter the important fields',
    });
  });
});

describe('totals (hand-computed)', () => {
  it('pickup: subtotal only, then an UNFULFILLED order paid by Bank Deposit', async () => {
    const customer = await createCustomer(api);
    const checkout = await cart(customer, [
      [phone, 2],
      [charger, 1],
    ]);
    let ready = await prepare(customer, checkout, false);
    expect(ready.shippingMethod!.name).toBe('Pickup');
    expect(ready.availableShippingMethods.map((m) => m.type)).toEqual(['PICKUP', 'DELIVERY']);
    expect(ready.subtotalPrice.gross.amount).toBe(20_500);
    expect(ready.shippingPrice.gross.amount).toBe(0);
    expect(ready.totalPrice.gross.amount).toBe(20_500);
    // Pickup: no COD and no insurance.
    expect(offline(ready.availablePaymentGateways)).toEqual(['Bank Deposit']);
    expect(ready.cashOnDeliveryAmount).toBeNull();
    const insurance = await call(customer, ops.insurance, { id: checkout.id, avail: true });
    expect(insurance.errors).toEqual([{ field: 'availInsurance', message: 'Unable to get insurance' }]);
    const cod = await call(customer, ops.codFee, { id: checkout.id });
    expect(cod.errors[0]!.message).toBe('Sorry! Cash on delivery is not available.');
    const estimate = await call(customer, ops.estimate, { id: checkout.id });
    expect(estimate.estimatedShippingFee).toEqual({ amount: 0 });

    ready = await pay(customer, ready, 'Bank Deposit');
    expect(ready.paymentGateway).toBe('Bank Deposit');
    const result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.errors).toEqual([]);
    const order = result.order as Record<string, unknown> & { id: string; referenceKey: string };
    expect(order).toMatchObject({
      status: 'UNFULFILLED',
      total: { gross: { amount: 20_500 } },
      subtotal: { gross: { amount: 20_500 } },
      shippingPrice: { gross: { amount: 0 } },
      gateway: 'Bank Deposit',
      billingAddress: { city: 'Makati City' },
      shippingAddress: null,
      statusLogs: [{ status: 'UNFULFILLED' }],
    });
    expect(order.referenceKey).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(result.redirectUrl).toBeNull();

    const [row] = await api.db.select().from(orders).where(eq(orders.referenceKey, order.referenceKey));
    expect(await api.db.select().from(orderLines).where(eq(orderLines.orderId, row!.id))).toHaveLength(2);
    expect(await api.db.select().from(orderStatusLogs).where(eq(orderStatusLogs.orderId, row!.id))).toHaveLength(1);
    const [payment] = await api.db.select().from(payments).where(eq(payments.orderId, row!.id));
    expect(payment).toMatchObject({ gateway: 'Bank Deposit', total: 20_500_00, chargeStatus: 'NOT_CHARGED' });
    // The confirmation email is queued for the customer.
    const mail = await api.db.select().from(emails).where(eq(emails.to, customer.user.email));
    expect(mail.map((m) => m.template)).toEqual(['order_confirmation']);
    expect(mail[0]!.text).toContain(order.referenceKey);
    // The cart is gone; repeating returns the same order.
    const me = await api.gql<{ me: { checkout: null } }>(ops.me, {}, { token: customer.token });
    expect(me.data!.me.checkout).toBeNull();
    const again = await call(customer, ops.complete, { id: checkout.id });
    expect((again.order as { id: string }).id).toBe(order.id);
  });

  it('delivery with insurance and cash on delivery; free-shipping lines weigh nothing', async () => {
    const customer = await createCustomer(api);
    const checkout = await cart(customer, [
      [phone, 2],
      [speaker, 1],
    ]);
    let ready = await prepare(customer, checkout, true);
    // 2 x 800 g = 1.6 kg to Metro Manila: ₱220 (the 2 kg speaker ships free).
    expect(ready.estimatedShippingFee.amount).toBe(220);
    expect(ready.shippingPrice.gross.amount).toBe(220);
    const estimate = await call(customer, ops.estimate, { id: checkout.id });
    expect(estimate.estimatedShippingFee).toEqual({ amount: 220 });

    const insurance = await call(customer, ops.insurance, { id: checkout.id, avail: true });
    // 1% of ₱21,000.
    expect(insurance.insurancePrice).toEqual({ amount: 210 });
    ready = insurance.checkout!;
    expect(ready.hasInsurance).toBe(true);
    expect(ready.totalPrice.gross.amount).toBe(21_430);

    // COD: 2% of ₱21,430 = ₱428.60, added to the total once COD is the payment.
    const cod = await call(customer, ops.codFee, { id: checkout.id });
    expect(cod.cashOnDeliveryFee).toEqual({ amount: 428.6 });
    expect(offline(ready.availablePaymentGateways)).toEqual(['Bank Deposit', 'Cash on Delivery']);
    ready = await pay(customer, ready, 'Cash on Delivery');
    expect(ready.totalPrice.gross.amount).toBe(21_858.6);

    const result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.errors).toEqual([]);
    expect(result.order).toMatchObject({
      total: { gross: { amount: 21_858.6 } },
      shippingPrice: { gross: { amount: 220 } },
      insurance: { amount: 210 },
      cashOnDeliveryFee: { amount: 428.6 },
      shippingAddress: { city: 'Makati City' },
    });
    const [row] = await api.db
      .select()
      .from(orders)
      .where(eq(orders.referenceKey, (result.order as { referenceKey: string }).referenceKey));
    const [payment] = await api.db.select().from(payments).where(eq(payments.orderId, row!.id));
    // 'Pending' until staff confirm; CASH_ON_DELIVERY_PENDING once the parcel ships (ADR 045).
    expect(payment).toMatchObject({ total: 21_858_60, chargeStatus: 'NOT_CHARGED' });
  });

  it('minimums: insurance ₱50 and COD ₱20; Visayas rates by province', async () => {
    const customer = await createCustomer(api);
    const checkout = await cart(customer, [[charger, 1]]);
    let ready = await prepare(customer, checkout, true);
    // 300 g to Metro Manila: ₱100. Insurance 1% of ₱500 = ₱5 -> minimum ₱50.
    expect(ready.shippingPrice.gross.amount).toBe(100);
    ready = (await call(customer, ops.insurance, { id: checkout.id, avail: true })).checkout!;
    expect(ready.insurance.amount).toBe(50);
    // COD 2% of ₱650 = ₱13 -> minimum ₱20.
    expect(ready.cashOnDeliveryAmount).toEqual({ amount: 20 });

    // To Cebu (Visayas): 300 g costs ₱160.
    const moved = await call(customer, ops.shippingAddress, { id: checkout.id, address: CEBU_ADDRESS });
    expect(moved.checkout!.shippingAddress!.countryArea).toBe('Cebu');
    expect(moved.checkout!.shippingPrice.gross.amount).toBe(160);
    // Switching to pickup drops shipping and insurance.
    const pickup = await call(customer, ops.method, { id: checkout.id, method: ready.availableShippingMethods[0]!.id });
    expect(pickup.checkout).toMatchObject({ shippingPrice: { gross: { amount: 0 } }, hasInsurance: false });
    expect(pickup.checkout!.totalPrice.gross.amount).toBe(500);
  });

  it('no cash on delivery above ₱50,000', async () => {
    const customer = await createCustomer(api);
    const checkout = await cart(customer, [[laptop, 1]]);
    const ready = await prepare(customer, checkout, true);
    expect(offline(ready.availablePaymentGateways)).toEqual(['Bank Deposit']);
    const cod = await call(customer, ops.codFee, { id: checkout.id });
    expect(cod.errors).toEqual([{ field: 'checkoutId', message: 'Sorry! Cash on delivery is not available.' }]);
    const payment = await call(customer, ops.payment, { id: checkout.id, input: { gateway: 'Cash on Delivery' } });
    expect(payment.errors[0]!.message).toBe('This payment method is not available for your checkout.');
  });
});

describe('vouchers', () => {
  beforeAll(async () => {
    const day = 24 * 60 * 60 * 1000;
    await api.db.insert(vouchers).values([
      { code: 'SUKI100', name: '₱100 off', type: 'FIXED', value: 100_00, minimumSpend: 1_000_00 },
      { code: 'SAVE10', name: '10% off', type: 'PERCENTAGE', value: 1000, minimumSpend: 5_000_00 },
      {
        code: 'OLD',
        name: 'Old promo',
        type: 'FIXED',
        value: 50_00,
        startDate: new Date(Date.now() - 10 * day),
        endDate: new Date(Date.now() - day),
      },
    ]);
  });

  it('fixed and percentage codes, minimum spend, expiry, removal', async () => {
    const customer = await createCustomer(api);
    const checkout = await cart(customer, [[charger, 1]]);
    let result = await call(customer, ops.addPromo, { id: checkout.id, code: 'suki100' });
    expect(result.errors).toEqual([
      { field: 'promoCode', message: 'Your order must be at least ₱1,000.00 to use this promo code.' },
    ]);
    result = await call(customer, ops.addPromo, { id: checkout.id, code: 'OLD' });
    expect(result.errors).toEqual([{ field: 'promoCode', message: 'This promo code has expired.' }]);
    result = await call(customer, ops.addPromo, { id: checkout.id, code: 'NOPE' });
    expect(result.errors).toEqual([{ field: 'promoCode', message: 'Promo code is invalid.' }]);

    await call(customer, ops.lines, { id: checkout.id, lines: [{ variantId: vid(phone), quantity: 1 }] });
    result = await call(customer, ops.addPromo, { id: checkout.id, code: 'SAVE10' });
    expect(result.errors).toEqual([]);
    // 10% of ₱10,500.
    expect(result.checkout).toMatchObject({
      voucherCode: 'SAVE10',
      discountName: '10% off',
      discount: { amount: 1_050 },
      totalPrice: { gross: { amount: 9_450 } },
    });
    result = await call(customer, ops.addPromo, { id: checkout.id, code: 'SUKI100' });
    expect(result.checkout).toMatchObject({ discount: { amount: 100 }, totalPrice: { gross: { amount: 10_400 } } });

    // Removing the promo clears the chosen payment too.
    await pay(customer, result.checkout!, 'Bank Deposit');
    result = await call(customer, ops.removePromo, { id: checkout.id, code: 'SUKI100' });
    expect(result.checkout).toMatchObject({ voucherCode: null, discount: { amount: 0 }, paymentGateway: null });
  });

  it('one per customer: a used code is refused next time', async () => {
    const customer = await createCustomer(api);
    let checkout = await cart(customer, [[phone, 1]]);
    expect((await call(customer, ops.addPromo, { id: checkout.id, code: 'SUKI100' })).errors).toEqual([]);
    await pay(customer, await prepare(customer, checkout, false), 'Bank Deposit');
    const placed = await call(customer, ops.complete, { id: checkout.id });
    expect(placed.order).toMatchObject({ discount: { amount: 100 }, voucher: { code: 'SUKI100' } });
    const [voucher] = await api.db.select().from(vouchers).where(eq(vouchers.code, 'SUKI100'));
    expect(voucher!.used).toBe(1);

    checkout = await cart(customer, [[phone, 1]]);
    const again = await call(customer, ops.addPromo, { id: checkout.id, code: 'SUKI100' });
    expect(again.errors).toEqual([{ field: 'promoCode', message: 'You have already used this promo code.' }]);
  });

  it("applies the customer's referral voucher when adding to cart and uses it up with the order", async () => {
    const customer = await createCustomer(api);
    const code = await giveReferralVoucher(api.db, customer.user.id);
    const checkout = await cart(customer, [[charger, 2]]);
    expect(checkout).toMatchObject({
      voucherCode: code,
      discount: { amount: 100 },
      totalPrice: { gross: { amount: 900 } },
    });
    await pay(customer, await prepare(customer, checkout, false), 'Bank Deposit');
    const placed = await call(customer, ops.complete, { id: checkout.id });
    expect(placed.errors).toEqual([]);
    expect(placed.order).toMatchObject({ discount: { amount: 100 }, total: { gross: { amount: 900 } } });
    const [voucher] = await api.db.select().from(userVouchers).where(eq(userVouchers.userId, customer.user.id));
    expect(voucher!.used).toBe(true);
    const next = await cart(customer, [[charger, 2]]);
    expect(next.voucherCode).toBeNull();
  });
});

describe('checkoutComplete', () => {
  it("charges today's price: a price change after adding to cart is what the order records", async () => {
    const customer = await createCustomer(api);
    const item = await createVariant(api.db, { price: 1_000_00, stock: 5 });
    const checkout = await cart(customer, [[item, 2]]);
    expect(checkout.totalPrice.gross.amount).toBe(2_000);
    await pay(customer, await prepare(customer, checkout, false), 'Bank Deposit');
    const [variant] = await api.db.select().from(productVariants).where(eq(productVariants.id, item));
    await api.db.update(products).set({ basePrice: 900_00 }).where(eq(products.id, variant!.productId));
    const result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.order).toMatchObject({
      total: { gross: { amount: 1_800 } },
      lines: [{ quantity: 2, unitPrice: { gross: { amount: 900 } } }],
    });
    const [row] = await api.db
      .select()
      .from(orders)
      .where(eq(orders.checkoutId, Number(decodeGlobalID(checkout.id).id)));
    const [payment] = await api.db.select().from(payments).where(eq(payments.orderId, row!.id));
    expect(payment!.total).toBe(1_800_00);
  });

  it('needs a verified email', async () => {
    const customer = await createCustomer(api, { verified: false });
    const checkout = await cart(customer, [[phone, 1]]);
    const ready = await prepare(customer, checkout, false);
    await pay(customer, ready, 'Bank Deposit');
    const result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.errors).toEqual([
      { field: null, message: 'Your email is not verified! Please verify your email to continue checkout.' },
    ]);
  });

  it('needs a shipping method, a billing address and a payment', async () => {
    const customer = await createCustomer(api);
    const checkout = await cart(customer, [[phone, 1]]);
    let result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.errors[0]!.message).toBe('Please select a shipping method');
    await call(customer, ops.method, { id: checkout.id, method: checkout.availableShippingMethods[0]!.id });
    result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.errors[0]!.message).toBe('Please add a billing address to continue your checkout.');
    await call(customer, ops.billingAddress, { id: checkout.id, address: ADDRESS });
    result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.errors[0]!.message).toBe('Please select a method of payment.');
  });

  it('re-validates stock: a variant sold out since it was added stops the order and keeps the cart', async () => {
    const customer = await createCustomer(api);
    const item = await createVariant(api.db, { price: 300_00, stock: 3 });
    const checkout = await cart(customer, [[item, 2]]);
    const ready = await prepare(customer, checkout, false);
    await pay(customer, ready, 'Bank Deposit');
    await api.db.update(productVariants).set({ stockQuantity: 1 }).where(eq(productVariants.id, item));
    const result = await call(customer, ops.complete, { id: checkout.id });
    expect(result.errors).toEqual([{ field: 'quantity', message: 'Out of stock.' }]);
    const me = await api.gql<{ me: { checkout: CheckoutData } }>(ops.me, {}, { token: customer.token });
    expect(me.data!.me.checkout.quantity).toBe(2);
  });
});

describe('shippingZones', () => {
  it('lists the four zones with their rate tables and the two methods', async () => {
    const result = await api.gql<{
      shippingZones: {
        totalCount: number;
        edges: { node: { name: string; default: boolean; provinces: string[]; shippingMethods: { name: string }[] } }[];
      };
    }>(ops.zones);
    const zones = result.data!.shippingZones;
    expect(zones.totalCount).toBe(4);
    expect(zones.edges.map((e) => e.node.name)).toEqual(['Metro Manila', 'Rest of Luzon', 'Visayas', 'Mindanao']);
    expect(zones.edges[0]!.node.provinces).toContain('Metro Manila');
    expect(zones.edges[2]!.node.provinces).toContain('Cebu');
    expect(zones.edges[3]!.node.provinces).toContain('Davao del Sur');
    expect(zones.edges[0]!.node.shippingMethods.map((m) => m.name)).toEqual(['Pickup', 'Delivery']);
  });
});
