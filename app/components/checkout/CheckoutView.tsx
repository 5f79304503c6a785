// The /checkout screen (docs/product/cart-and-checkout.md#checkout-steps): the three-step accordion
// beside the sticky summary, the review modal, and the blocking notices. Every write goes to
// the route's action as an intent; totals always come back from the server.
import * as Accordion from '@radix-ui/react-accordion';
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { Link, useFetcher, useNavigate, useSearchParams } from 'react-router';
import { CART_MESSAGES, CHECKOUT_MESSAGES } from '../../../common/checkout/checkout-messages';
import {
  initialStepsState,
  isStepEnabled,
  STEP_TITLES,
  stepsReducer,
  type CheckoutStep,
  type StepsState,
} from '../../../common/checkout/checkout-steps';
import { afterPlaceOrder, isCashOnDelivery, PAYMAYA_CHECKOUT } from '../../../common/checkout/gateways';
import { COD_FEE_LOOKUP_DELAY_MS, EMPTY_CART_REDIRECT_DELAY_MS } from '../../../common/checkout/shipping-display';
import { PAYMAYA_VAULT, type SavedCard } from '../../graphql/cards';
import { track } from '../../lib/analytics';
import { CARD_TEXT } from '../cards/card-messages';
import { AddressStep } from './AddressStep';
import { CheckoutDialog } from './CheckoutDialog';
import { OrderSummary } from './OrderSummary';
import { ShippingStep } from './ShippingStep';
import type { Ipay88Fields } from '../../graphql/payments';
import type { AddressView, CheckoutView as Checkout } from './types';

// WeChat Pay's QR dialog and iPay88's self-posting form show only after Place Order: their code is
// not part of /checkout's first load (at most 150 KB of JavaScript).
const QrCodeDialog = lazy(() => import('../payments/QrCodeDialog').then((m) => ({ default: m.QrCodeDialog })));
const Ipay88Form = lazy(() => import('../payments/Ipay88Form').then((m) => ({ default: m.Ipay88Form })));
// Review Checkout (with Place Order) shows only once a payment method is chosen: its code loads
// then, not with the page (bench/js-budget.ts).
const ReviewCheckoutModal = lazy(() => import('./ReviewCheckoutModal').then((m) => ({ default: m.ReviewCheckoutModal })));
// The payment step (the gateways, the card choice and its fields) opens after shipping and
// address: its code is fetched once the page is up, not in its first load.
const loadPaymentStep = () => import('./PaymentStep');
const PaymentStep = lazy(() => loadPaymentStep().then((m) => ({ default: m.PaymentStep })));

export type CheckoutActionResult =
  | {
      ok: true;
      intent: string;
      orderId?: string;
      gateway?: string;
      redirectUrl?: string | null;
      qrCode?: string | null;
      ipay88?: Ipay88Fields | null;
      total?: number;
      /** Paymaya Checkout: its card payment was sent without 3-D Secure, or could not be created. */
      cardPayment?: 'sent' | 'failed' | null;
    }
  | {
      ok: false;
      intent: string;
      message: string;
      /** A server refusal of one address: shown in the rulebook's '{type} Error' dialog. */
      errorType?: 'Billing' | 'Shipping';
      field?: string | null;
    };

type Props = {
  checkout: Checkout | null;
  isVerified: boolean;
  defaultBilling: AddressView | null;
  defaultShipping: AddressView | null;
  provinces: string[];
  /** Saved cards for Paymaya Vault, default first. */
  cards?: SavedCard[];
};

const STORAGE_KEY = 'suki.checkout';

type Stored = { checkoutId: string; steps: StepsState; gateway: string | null };

function nextAfterPlacing(result: Extract<CheckoutActionResult, { ok: true }>, gateway: string | null) {
  return afterPlaceOrder(result.gateway ?? gateway ?? '', result.redirectUrl, {
    qrCode: result.qrCode,
    hasIpay88Form: Boolean(result.ipay88),
    cardPayment: result.cardPayment ?? null,
  });
}

function readStored(checkout: Checkout | null): Stored | null {
  if (!checkout || typeof window === 'undefined') return null;
  try {
    const stored = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    // Only trust saved progress for the same cart whose method the server still has.
    if (stored?.checkoutId !== checkout.id || stored.steps.shippingMethodId !== checkout.shippingMethodId) return null;
    return stored;
  } catch {
    return null;
  }
}

export function CheckoutView({ checkout, isVerified, defaultBilling, defaultShipping, provinces, cards = [] }: Props) {
  const navigate = useNavigate();
  const [steps, dispatch] = useReducer(stepsReducer, initialStepsState);
  const [gateway, setGateway] = useState<string | null>(null);
  const [reviewOpen, setReviewOpen] = useState(false);
  // Paymaya Checkout: the new card's payment token, tokenised in the browser at review.
  const [paymentToken, setPaymentToken] = useState<string | null>(null);
  const [cardId, setCardId] = useState<string | null>(() => cards.find((c) => c.isDefault)?.id ?? cards[0]?.id ?? null);
  const [searchParams] = useSearchParams();
  // Back from adding a card (3-D Secure): success reviews the order with that card; failed or
  // cancelled shows 'Unable to Add Card' (docs/product/cart-and-checkout.md#checkout-steps).
  const cardReturn = searchParams.get('payment');
  const [cardFailureOpen, setCardFailureOpen] = useState(cardReturn === 'failed' || cardReturn === 'cancelled');
  const [dismissedFailure, setDismissedFailure] = useState<CheckoutActionResult | null>(null);
  const [billingDialogOpen, setBillingDialogOpen] = useState(
    () => !!checkout && !checkout.billingAddress && !defaultBilling,
  );
  const place = useFetcher<CheckoutActionResult>();
  const codFee = useFetcher<CheckoutActionResult>();
  const payment = useFetcher<CheckoutActionResult>();
  const paymentError = payment.state === 'idle' && payment.data && !payment.data.ok ? payment.data.message : null;
  const placedRef = useRef(false);
  // The COD fee lookup waiting to be asked: not asked once the page is left (nor while it is being left).
  const codFeeTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(codFeeTimer.current), []);
  const placeResult = place.state === 'idle' && place.data?.intent === 'placeOrder' ? place.data : undefined;
  const placed = placeResult?.ok === true;
  const failure = placeResult && !placeResult.ok && placeResult !== dismissedFailure ? placeResult.message : null;
  const empty = !checkout || checkout.lines.length === 0;

  function submitPayment(name: string, card: string | null) {
    payment.submit(
      { intent: 'payment', gateway: name, paymayaCardId: name === PAYMAYA_VAULT ? (card ?? '') : '' },
      { method: 'post', action: '/checkout' },
    );
  }

  // The payment step's code, fetched as soon as the page is up so the step opens at once.
  useEffect(() => {
    void loadPaymentStep();
  }, []);

  // A card just added in checkout: pay with it and open the review.
  const cardReturned = useRef(false);
  useEffect(() => {
    const added = searchParams.get('card');
    if (cardReturned.current || cardReturn !== 'success' || !added) return;
    cardReturned.current = true;
    // The query string is only read once, after hydration.
    setGateway(PAYMAYA_VAULT);
    setCardId(added);
    submitPayment(PAYMAYA_VAULT, added);
    setReviewOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cardReturn]);

  // Restore progress saved in this browser (cleared after a successful order).
  useEffect(() => {
    const stored = readStored(checkout);
    if (stored) {
      if (stored.steps.shippingDone && stored.steps.shippingMethodId) {
        const s = stored.steps;
        dispatch({ type: 'shippingSaved', methodId: s.shippingMethodId!, kind: s.shippingKind!, price: s.shippingPrice, hasInsurance: s.hasInsurance });
        if (s.addressDone) dispatch({ type: 'addressSaved' });
        dispatch({ type: 'open', step: s.active });
      }
      // Browser storage is only readable after hydration, hence state set in an effect.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setGateway(stored.gateway);
    }
    // Run once per page visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!checkout || placed) return;
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify({ checkoutId: checkout.id, steps, gateway } satisfies Stored));
  }, [checkout, steps, gateway, placed]);

  // InitiateCheckout: once, when the customer opens checkout with something to buy.
  const initiated = useRef(false);
  useEffect(() => {
    if (initiated.current || empty || !checkout) return;
    initiated.current = true;
    track({ name: 'InitiateCheckout', value: checkout.total / 100, numItems: checkout.quantity });
  }, [checkout, empty]);

  // Empty cart during checkout: say so and go home.
  useEffect(() => {
    if (!empty || placed) return;
    const timer = window.setTimeout(() => navigate('/', { replace: true }), EMPTY_CART_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [empty, placed, navigate]);

  // Removing the promo code clears the chosen payment method (docs/product/cart-and-checkout.md#promo-codes).
  const previousVoucher = useRef(checkout?.voucherCode ?? null);
  useEffect(() => {
    const current = checkout?.voucherCode ?? null;
    if (previousVoucher.current && !current) setGateway(null);
    previousVoucher.current = current;
  }, [checkout?.voucherCode]);

  // The order came back: track, forget local progress, go on (or show the failure modal).
  useEffect(() => {
    const result = placeResult;
    if (!result?.ok || placedRef.current) return;
    placedRef.current = true;
    track({ name: 'Purchase', value: (result.total ?? 0) / 100, orderId: result.orderId ?? '' });
    window.localStorage.clear();
    const next = nextAfterPlacing(result, gateway);
    if (next.kind === 'redirect') window.location.assign(next.url);
    // The orders page is a route the checkout has not discovered: our React Router patch keeps a
    // fetcher's revalidation (the COD fee's) from completing this navigation with the checkout's
    // matches (patches/react-router+7.18.4.patch, handleFetcherAction).
    else if (next.kind === 'orders') void navigate(next.url);
    // A card payment that could not be created: the order-placed landing says so (ADR 042).
    else if (next.kind === 'paymentFailed') void navigate(`${next.url}&payment=failed`);
    // 'qr' and 'ipay88' render below: the QR dialog, or iPay88's form posting itself.
  }, [placeResult, gateway, navigate]);
  const placedNext = placeResult?.ok && placeResult.orderId ? nextAfterPlacing(placeResult, gateway) : null;
  const qr = placedNext?.kind === 'qr' ? placedNext : null;
  const ipay88 = placedNext?.kind === 'ipay88' && placeResult?.ok ? (placeResult.ipay88 ?? null) : null;
  const paymentSent = placedNext?.kind === 'paymentSent' ? placedNext : null;

  if (empty && !placed && place.state === 'idle') {
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold">Checkout</h1>
        <p role="alert" className="mt-6 text-lg">
          {CART_MESSAGES.emptyDuringCheckout}
        </p>
      </section>
    );
  }
  // The order is placed and the cart gone: what remains is the gateway's next step.
  if (paymentSent) {
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold">Order Placed</h1>
        <CheckoutDialog
          open
          onClose={() => navigate(paymentSent.url)}
          title={CARD_TEXT.paymentSent}
          footer={
            <button type="button" className="btn-primary" onClick={() => navigate(paymentSent.url)}>
              OK
            </button>
          }
        >
          <p>Your card was charged for this order.</p>
        </CheckoutDialog>
      </section>
    );
  }
  if (qr || ipay88) {
    return (
      <section className="container-page py-16 text-center">
        <h1 className="text-3xl font-bold">Order Placed</h1>
        {qr ? (
          <Suspense fallback={null}>
            <QrCodeDialog open qrCode={qr.qrCode} onClose={() => navigate(qr.url)} />
          </Suspense>
        ) : null}
        {ipay88 ? (
          <Suspense fallback={null}>
            <Ipay88Form fields={ipay88} />
          </Suspense>
        ) : null}
      </section>
    );
  }
  if (!checkout) return null;

  const shippingKind = steps.shippingKind;
  const onAddressSaved = () => {
    dispatch({ type: 'addressSaved' });
    // COD fee lookup 800 ms after the shipping estimate (docs/product/limits.md#display-timings).
    window.clearTimeout(codFeeTimer.current);
    codFeeTimer.current = window.setTimeout(() => codFee.submit({ intent: 'codFee' }, { method: 'post', action: '/checkout' }), COD_FEE_LOOKUP_DELAY_MS);
  };

  const header = (step: CheckoutStep) => {
    const enabled = isStepEnabled(steps, step);
    const done = step === 0 ? steps.shippingDone : step === 1 ? steps.addressDone : false;
    return (
      <Accordion.Header className="m-0">
        <Accordion.Trigger
          disabled={!enabled}
          onClick={() => dispatch(step === 0 ? { type: 'resetToShipping' } : { type: 'open', step })}
          className="flex w-full items-center justify-between gap-3 px-4 py-3 text-left font-semibold disabled:cursor-not-allowed disabled:text-gray-500 data-[state=open]:bg-gray-50"
        >
          <span>
            <span className="mr-2 inline-flex h-6 w-6 items-center justify-center rounded-full bg-secondary text-sm text-white" aria-hidden="true">
              {done ? '✓' : step + 1}
            </span>
            {STEP_TITLES[step]}
          </span>
        </Accordion.Trigger>
      </Accordion.Header>
    );
  };

  return (
    <section className="container-page py-4 md:py-8">
      <h1 className="text-2xl font-bold md:text-3xl">Checkout</h1>
      <div className="mt-3 grid gap-6 md:mt-6 lg:grid-cols-[1fr_22rem]">
        <Accordion.Root
          type="single"
          value={`step-${steps.active}`}
          // Opening is handled by the triggers' clicks so the first header can reset everything.
          onValueChange={() => undefined}
          className="h-fit divide-y divide-gray-200 overflow-hidden rounded-lg border border-gray-200 shadow-sm"
        >
          <Accordion.Item value="step-0">
            {header(0)}
            <Accordion.Content className="px-4 pb-4">
              <ShippingStep
                key={steps.shippingDone ? 'saved' : 'fresh'}
                checkout={checkout}
                initialMethodId={steps.shippingMethodId}
                initialInsurance={steps.hasInsurance}
                onSaved={(saved) => dispatch({ type: 'shippingSaved', ...saved })}
              />
            </Accordion.Content>
          </Accordion.Item>
          <Accordion.Item value="step-1">
            {header(1)}
            <Accordion.Content className="px-4 pb-4">
              {steps.shippingDone ? (
                <AddressStep
                  checkout={checkout}
                  shippingKind={shippingKind ?? 'pickup'}
                  defaultBilling={defaultBilling}
                  defaultShipping={defaultShipping}
                  provinces={provinces}
                  onSaved={onAddressSaved}
                />
              ) : null}
            </Accordion.Content>
          </Accordion.Item>
          <Accordion.Item value="step-2">
            {header(2)}
            <Accordion.Content className="px-4 pb-4">
              <Suspense fallback={null}>
                <PaymentStep
                  gateways={checkout.gateways}
                  unavailable={checkout.unavailableGateways}
                  fees={{ 'Cash on Delivery': checkout.cashOnDeliveryFee, 'Paypal Checkout': checkout.paypalFee }}
                  value={gateway}
                  onChange={(name) => {
                    setGateway(name);
                    setPaymentToken(null);
                    track({ name: 'AddPaymentInfo', paymentMethod: name });
                    // Stored on the checkout now so the totals include e.g. the COD fee. A saved-card
                    // payment is stored once a card is chosen.
                    if (name !== PAYMAYA_VAULT || cardId) submitPayment(name, cardId);
                  }}
                  cards={cards}
                  cardId={cardId}
                  onCardChange={(id) => {
                    setCardId(id);
                    submitPayment(PAYMAYA_VAULT, id);
                  }}
                  busy={payment.state !== 'idle'}
                  error={paymentError}
                  onReview={({ paymentToken: token }) => {
                    setPaymentToken(token);
                    setReviewOpen(true);
                  }}
                />
              </Suspense>
            </Accordion.Content>
          </Accordion.Item>
        </Accordion.Root>

        <OrderSummary checkout={checkout} shippingKind={shippingKind} showCodFee={!!gateway && isCashOnDelivery(gateway)} />
      </div>

      {gateway ? (
        <Suspense fallback={null}>
          <ReviewCheckoutModal
            open={reviewOpen && !failure}
            onClose={() => setReviewOpen(false)}
            checkout={checkout}
            shippingKind={shippingKind}
            gateway={gateway}
            placing={place.state !== 'idle'}
            onPlaceOrder={() =>
              place.submit(
                {
                  intent: 'placeOrder',
                  gateway,
                  paymayaCardId: gateway === PAYMAYA_VAULT ? (cardId ?? '') : '',
                  paymentToken: gateway === PAYMAYA_CHECKOUT ? (paymentToken ?? '') : '',
                },
                { method: 'post', action: '/checkout' },
              )
            }
          />
        </Suspense>
      ) : null}

      <CheckoutDialog
        open={failure !== null}
        onClose={() => {
          setDismissedFailure(placeResult ?? null);
          setReviewOpen(false);
        }}
        title={CHECKOUT_MESSAGES.placeFailedTitle}
        footer={
          <button
            type="button"
            className="btn-primary"
            onClick={() => {
              setDismissedFailure(placeResult ?? null);
              setReviewOpen(false);
            }}
          >
            Close
          </button>
        }
      >
        <p>{CHECKOUT_MESSAGES.placeFailedText}</p>
        {failure ? <p className="mt-2 font-medium text-red-800">{failure}</p> : null}
      </CheckoutDialog>

      <CheckoutDialog
        open={cardFailureOpen}
        onClose={() => setCardFailureOpen(false)}
        title={CARD_TEXT.unableTitle}
        footer={
          <button type="button" className="btn-primary" onClick={() => setCardFailureOpen(false)}>
            Close
          </button>
        }
      >
        <p>{cardReturn === 'cancelled' ? CARD_TEXT.unableCancelled : CARD_TEXT.unableFailed}</p>
      </CheckoutDialog>

      <CheckoutDialog open={!isVerified} title="Verify your email">
        <p>{CHECKOUT_MESSAGES.unverifiedEmail}</p>
        <div className="mt-5 flex justify-end">
          {/* Verified, the shopper comes back to this checkout, not to /account. */}
          <Link to="/verify?redirect=checkout" className="btn-primary">
            {CHECKOUT_MESSAGES.verifyButton}
          </Link>
        </div>
      </CheckoutDialog>

      <CheckoutDialog
        open={isVerified && billingDialogOpen}
        onClose={() => setBillingDialogOpen(false)}
        title="Billing Address"
        footer={
          <>
            <button type="button" className="btn-outline" onClick={() => setBillingDialogOpen(false)}>
              Close
            </button>
            <Link to="/account/addresses" className="btn-primary">
              Go to Account
            </Link>
          </>
        }
      >
        <p>{CHECKOUT_MESSAGES.billingRequired}</p>
        <p className="mt-2 text-sm text-gray-700">Go to Account &gt; Account Settings &gt; Edit Address.</p>
      </CheckoutDialog>
    </section>
  );
}
