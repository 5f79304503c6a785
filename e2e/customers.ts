// Customers of a journey's own. The e2e files share one shop, so a journey that changes a
// customer (a cart, an order, a watchlist, a saved card, a push subscription) creates that
// customer here instead of borrowing the demo customer: another file's orders would otherwise
// light its red dot, fill its lists or use up its first-purchase voucher, and the outcome would
// depend on the order the files run in. Only the accounts journey signs in as the demo
// customer, as a newcomer trying the demo would.
import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { apiQuery, logIn, sessionToken } from './catalogue-helpers';
import { verifyByEmail } from './referral-helpers';

export type Customer = { email: string; password: string; token: string };

/** The demo customer's addresses (accounts seed): a shipping and a billing one in Makati. */
export const SHIPPING_ADDRESS = {
  firstName: 'Juan',
  lastName: 'Dela Cruz',
  streetAddress1: '123 Ayala Avenue',
  streetAddress2: 'Unit 45B',
  cityArea: 'Poblacion',
  city: 'Makati City',
  countryArea: 'Metro Manila',
  postalCode: '1210',
  phone: '9171234567',
};
const BILLING_ADDRESS = { ...SHIPPING_ADDRESS, streetAddress1: '8 Jupiter Street', streetAddress2: '', cityArea: 'Bel Air', postalCode: '1209' };

let sequence = 0;

/**
 * Signs up a new customer and verifies them through the emailed link, as the demo customer is:
 * named Juan Dela Cruz, with a default shipping and billing address unless `addresses` is false,
 * and referred by the demo commissioner when `referred` (which also gives them the
 * first-purchase voucher). With a context, the browser is signed in as them.
 *
 * `referred` sparingly: every e2e purchase comes from 127.0.0.1, and more than
 * SHARED_ORIGIN_LIMIT (3) referred buyers from one address hold every later reward for staff
 * review (referral-fraud.service.ts). Three journeys have a referred buyer (staff, staff-payouts,
 * referrals), so in any file order none of them is held; a fourth would hold whichever of the
 * referral journeys ran last.
 */
export async function newCustomer(
  journey: string,
  options: { context?: BrowserContext; addresses?: boolean; referred?: boolean } = {},
): Promise<Customer> {
  const email = `e2e.${journey}.${Date.now()}.${++sequence}@example.com`;
  const password = 'Journey-Pass-123';
  const referralCode = options.referred ? await demoCommissionerCode() : null;
  const { accountRegister } = await apiQuery<{ accountRegister: { errors: { message: string }[] } }>(
    'mutation($i: AccountRegisterInput!) { accountRegister(input: $i) { errors { message } } }',
    { i: { email, password, firstName: 'Juan', lastName: 'Dela Cruz', referralCode } },
  );
  expect(accountRegister.errors, `sign-up of ${email}`).toEqual([]);
  await verifyByEmail(email);
  const token = options.context ? await logIn(options.context, email, password) : await sessionToken(email, password);
  if (options.addresses !== false) {
    for (const [type, address] of [
      ['SHIPPING', SHIPPING_ADDRESS],
      ['BILLING', BILLING_ADDRESS],
    ] as const) {
      const { accountAddressCreate } = await apiQuery<{ accountAddressCreate: { errors: { message: string }[] } }>(
        'mutation($a: AddressInput!, $t: AddressTypeEnum) { accountAddressCreate(input: $a, type: $t) { errors { message } } }',
        { a: address, t: type },
        token,
      );
      expect(accountAddressCreate.errors, `${type} address of ${email}`).toEqual([]);
    }
  }
  return { email, password, token };
}

let commissionerCode: Promise<string> | undefined;

/** The demo commissioner's referral code (their "Commissioner Key"). */
function demoCommissionerCode(): Promise<string> {
  commissionerCode ??= (async () => {
    const token = await sessionToken('commissioner@example.com', 'commissioner123');
    const { me } = await apiQuery<{ me: { referralCode: string | null } }>('{ me { referralCode } }', {}, token);
    expect(me.referralCode, 'the demo commissioner has a referral code').toBeTruthy();
    return me.referralCode!;
  })();
  return commissionerCode;
}
