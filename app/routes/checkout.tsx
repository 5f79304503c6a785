// /checkout: the three-step checkout. The action takes one intent per step; the screen reloads
// the checkout after each so every total shown is the server's.
import { data } from 'react-router';
import type { Route } from './+types/checkout';
import { CHECKOUT_MESSAGES } from '../../common/checkout/checkout-messages';
import { CheckoutView, type CheckoutActionResult } from '../components/checkout/CheckoutView';
import {
  CheckoutActionContextQuery,
  CheckoutAddPromoCodeMutation,
  CheckoutBillingAddressUpdateMutation,
  CheckoutCompleteMutation,
  CheckoutInsuranceUpdateMutation,
  CheckoutPageQuery,
  CheckoutPaymentCreateMutation,
  CheckoutRemovePromoCodeMutation,
  CheckoutShippingAddressUpdateMutation,
  CheckoutShippingMethodUpdateMutation,
  EstimateShippingFeeMutation,
  ShowCodFeeMutation,
  toAddressView,
  toActionContext,
  toCheckoutView,
  placedTotal,
} from '../graphql/checkout';
import { ProvincesQuery, toPlaces } from '../graphql/accounts-profile';
import { CARDS_SIZE, PaymayaCardsQuery, toSavedCards } from '../graphql/cards';
import { firstMessage, parseAddress } from '../graphql/checkout-actions.server';
import { query, requireViewer } from '../lib/api.server';
import { GenerateIpay88SignatureMutation, ipay88FieldsOf, NewDragonpayPaymentUrlMutation, OnDemandPaymentCreateMutation } from '../graphql/payments';
import { IPAY88, PAYMAYA_CHECKOUT, TENDOPAY } from '../../common/checkout/gateways';

export const meta: Route.MetaFunction = () => [{ title: 'Checkout | Suki' }];

/** The rulebook's placeholder payment token for gateways that charge nothing at checkout. */
const NOT_CHARGED_TOKEN = 'not-charged';

export async function loader({ context }: Route.LoaderArgs) {
  await requireViewer(context);
  const me = (await query(context, CheckoutPageQuery)).me;
  return {
    checkout: toCheckoutView(me?.checkout),
    isVerified: me?.isVerified ?? false,
    defaultBilling: toAddressView(me?.defaultBillingAddress),
    defaultShipping: toAddressView(me?.defaultShippingAddress),
    provinces: toPlaces((await query(context, ProvincesQuery)).provinces).map((p) => p.name),
    cards: toSavedCards(await query(context, PaymayaCardsQuery, { first: CARDS_SIZE })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const fail = (message: string, extra: { errorType?: 'Billing' | 'Shipping'; field?: string | null } = {}) =>
    data<CheckoutActionResult>({ ok: false, intent, message, ...extra });
  const done = (extra: Partial<Extract<CheckoutActionResult, { ok: true }>> = {}) =>
    data<CheckoutActionResult>({ ok: true, intent, ...extra });

  const checkout = toActionContext(await query(context, CheckoutActionContextQuery));
  if (!checkout) return fail(CHECKOUT_MESSAGES.somethingWrong);
  const { checkoutId } = checkout;

  switch (intent) {
    case 'shippingMethod': {
      const shippingMethodId = String(form.get('methodId') ?? '');
      if (!shippingMethodId) return fail(CHECKOUT_MESSAGES.selectShipping);
      const method = (await query(context, CheckoutShippingMethodUpdateMutation, { checkoutId, shippingMethodId }))
        .checkoutShippingMethodUpdate;
      if (!method || method.errors?.length) return fail(firstMessage(method?.errors, CHECKOUT_MESSAGES.somethingWrong));
      const availInsurance = form.get('insurance') === 'true';
      if (availInsurance || checkout.hasInsurance) {
        const insurance = (await query(context, CheckoutInsuranceUpdateMutation, { checkoutId, availInsurance }))
          .checkoutInsuranceUpdate;
        if (!insurance || insurance.errors?.length) return fail(CHECKOUT_MESSAGES.insuranceFailed);
      }
      return done();
    }

    case 'addresses': {
      const billing = parseAddress(form.get('billing'));
      const shipping = parseAddress(form.get('shipping'));
      if (!billing.ok) return fail(billing.message);
      if (!shipping.ok) return fail(shipping.message);
      const billingResult = (await query(context, CheckoutBillingAddressUpdateMutation, { checkoutId, billingAddress: billing.address }))
        .checkoutBillingAddressUpdate;
      if (!billingResult || billingResult.errors?.length) {
        const field = billingResult?.errors?.[0]?.field ?? null;
        return fail(firstMessage(billingResult?.errors, CHECKOUT_MESSAGES.addressInvalid), { errorType: 'Billing', field });
      }
      // Pickup sends the billing address here too: the step also records the contact email.
      const shippingResult = (
        await query(context, CheckoutShippingAddressUpdateMutation, {
          checkoutId,
          shippingAddress: shipping.address,
          email: checkout.email,
        })
      ).checkoutShippingAddressUpdate;
      if (!shippingResult || shippingResult.errors?.length) {
        const field = shippingResult?.errors?.[0]?.field ?? null;
        return fail(firstMessage(shippingResult?.errors, CHECKOUT_MESSAGES.addressInvalid), { errorType: 'Shipping', field });
      }
      if (form.get('kind') === 'delivery') {
        const estimate = (await query(context, EstimateShippingFeeMutation, { checkoutId })).estimateShippingFee;
        if (!estimate || estimate.errors?.length) return fail(firstMessage(estimate?.errors, CHECKOUT_MESSAGES.somethingWrong));
      }
      return done();
    }

    case 'codFee': {
      // Only informs the summary; COD may simply not be offered for this checkout.
      const fee = (await query(context, ShowCodFeeMutation, { checkoutId })).showCodFee;
      return fee && !fee.errors?.length ? done() : fail(firstMessage(fee?.errors, CHECKOUT_MESSAGES.somethingWrong));
    }

    case 'promoAdd':
    case 'promoRemove': {
      const promoCode = String(form.get('code') ?? '').trim();
      if (!promoCode) return fail(CHECKOUT_MESSAGES.somethingWrong);
      const payload =
        intent === 'promoAdd'
          ? (await query(context, CheckoutAddPromoCodeMutation, { checkoutId, promoCode })).checkoutAddPromoCode
          : (await query(context, CheckoutRemovePromoCodeMutation, { checkoutId, promoCode })).checkoutRemovePromoCode;
      if (!payload || payload.errors?.length) return fail(firstMessage(payload?.errors, CHECKOUT_MESSAGES.somethingWrong));
      return done();
    }

    case 'payment':
    case 'placeOrder': {
      const gateway = String(form.get('gateway') ?? '');
      if (!gateway) return fail('Please select a method of payment.');
      const payment = (
        await query(context, CheckoutPaymentCreateMutation, {
          checkoutId,
          input: { gateway, token: NOT_CHARGED_TOKEN, paymayaCardId: String(form.get('paymayaCardId') ?? '') || null },
        })
      ).checkoutPaymentCreate;
      if (!payment || payment.errors?.length) return fail(firstMessage(payment?.errors, CHECKOUT_MESSAGES.somethingWrong));
      if (intent === 'payment') return done({ gateway });
      const placed = (await query(context, CheckoutCompleteMutation, { checkoutId })).checkoutComplete;
      if (!placed?.order || placed.errors?.length) return fail(firstMessage(placed?.errors, CHECKOUT_MESSAGES.somethingWrong));
      const total = placedTotal(placed.order);
      const next = await paymentAfterPlacing(context, gateway, placed.order.id, checkout.userName, String(form.get('paymentToken') ?? ''));
      return done({
        orderId: placed.order.id,
        gateway,
        redirectUrl: next.redirectUrl ?? placed.redirectUrl,
        qrCode: placed.qrCode,
        ipay88: next.ipay88,
        cardPayment: next.cardPayment ?? null,
        total,
      });
    }

    default:
      return fail(CHECKOUT_MESSAGES.somethingWrong);
  }
}

/**
 * The provider step some gateways need once the order exists (docs/product/orders-and-payments.md#after-placing): TendoPay asks for a
 * Dragonpay URL, iPay88 for its signed form. A failure leaves the order on the orders page,
 * where Pay Now tries again.
 */
async function paymentAfterPlacing(
  context: Route.ActionArgs['context'],
  gateway: string,
  orderId: string,
  userName: string,
  paymentToken: string,
): Promise<{ redirectUrl: string | null; ipay88: ReturnType<typeof ipay88FieldsOf> | null; cardPayment?: 'sent' | 'failed' }> {
  if (gateway === TENDOPAY) {
    const url = (await query(context, NewDragonpayPaymentUrlMutation, { orderId })).newDragonpayPaymentUrl?.url ?? null;
    return { redirectUrl: url, ipay88: null };
  }
  // Paymaya Checkout: the card typed at checkout pays the new order with an on-demand card
  // payment: 3-D Secure when Maya asks for it, else 'Payment sent!'. Paymaya On-demand is paid
  // later, from the order's Pay Now (ADR 042).
  if (gateway === PAYMAYA_CHECKOUT) {
    const created = paymentToken
      ? (await query(context, OnDemandPaymentCreateMutation, { order: orderId, paymentToken: paymentToken.slice(0, 200) })).onDemandPaymentCreate
      : null;
    if (!created || created.errors?.length) return { redirectUrl: null, ipay88: null, cardPayment: 'failed' };
    return created.verificationUrl ? { redirectUrl: created.verificationUrl, ipay88: null } : { redirectUrl: null, ipay88: null, cardPayment: 'sent' };
  }
  if (gateway === IPAY88) {
    const payload = (await query(context, GenerateIpay88SignatureMutation, { orderId, userName })).generateIpay88Signature;
    return { redirectUrl: null, ipay88: ipay88FieldsOf(payload) };
  }
  return { redirectUrl: null, ipay88: null };
}

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <CheckoutView
      checkout={loaderData.checkout}
      isVerified={loaderData.isVerified}
      cards={loaderData.cards}
      defaultBilling={loaderData.defaultBilling}
      defaultShipping={loaderData.defaultShipping}
      provinces={loaderData.provinces}
    />
  );
}
