// Tracking events of the buying path (docs/product/cart-and-checkout.md#tracking-events) behind a small adapter, so a
// real provider (Meta pixel, GA4, ...) can be plugged in without touching the screens.
import { CURRENCY } from '../../common/money';

export type TrackingEvent =
  | { name: 'InitiateCheckout'; value: number; numItems: number }
  | { name: 'AddPaymentInfo'; paymentMethod: string }
  | { name: 'Purchase'; value: number; orderId: string };

/** What every event carries: the event plus the shop's currency. Values are in pesos. */
export type TrackedEvent = TrackingEvent & { currency: typeof CURRENCY };

export type AnalyticsAdapter = { track(event: TrackedEvent): void };

const consoleAdapter: AnalyticsAdapter = {
  track(event) {
    console.log('[analytics]', event.name, event);
  },
};
const noopAdapter: AnalyticsAdapter = { track() {} };

let adapter: AnalyticsAdapter = import.meta.env?.DEV ? consoleAdapter : noopAdapter;

/** Plug in a provider (call once from the app's entry). */
export function setAnalyticsAdapter(next: AnalyticsAdapter): void {
  adapter = next;
}

export function track(event: TrackingEvent): void {
  try {
    adapter.track({ ...event, currency: CURRENCY });
  } catch {
    // Tracking must never break buying.
  }
}
