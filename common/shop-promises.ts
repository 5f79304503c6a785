// What the shop promises a shopper, said once: the trust strip (home, product, cart, checkout)
// and the demo shop's terms read these, so a page can never promise more than the terms do.
import { DELIVERY_PROMISE } from './checkout/delivery-promise';

/** Days after delivery in which a damaged or defective item may be returned. */
export const RETURN_DAYS = 7;

/** The terms' returns sentence (Terms and Conditions, "Warranty and returns"). */
export const RETURNS_POLICY = `Items that arrive damaged or defective may be returned within ${RETURN_DAYS} days of delivery.`;

export type TrustPromise = { id: 'payment' | 'delivery' | 'returns' | 'warranty'; title: string; text: string };

/** The trust strip, most asked first: is paying safe, when does it arrive, what if it is broken. */
export const TRUST_PROMISES: readonly TrustPromise[] = [
  { id: 'payment', title: 'Secure payment', text: 'Cards with 3-D Secure, e-wallets, bank or cash on delivery' },
  { id: 'delivery', title: `Delivery in ${DELIVERY_PROMISE}`, text: 'Nationwide, once your order is confirmed' },
  { id: 'returns', title: `${RETURN_DAYS}-day returns`, text: `Damaged or defective? Return it within ${RETURN_DAYS} days of delivery` },
  { id: 'warranty', title: 'Official warranty', text: 'Brand new, sealed, official Philippine warranty' },
];
