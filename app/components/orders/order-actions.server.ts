// The one action behind every order button (list, details, dashboard): it switches on an intent,
// checks the form with the shared rules and calls the API; the server checks ownership again.
import { data, redirect, redirectDocument, type AppLoadContext } from 'react-router';
import { CANCEL_MESSAGES, cancelRequestSchema } from '../../../common/orders/order-cancel';
import { PROOF_MESSAGES, proofOfBillingSchema } from '../../../common/orders/proof-of-billing';
import { REVIEW_MESSAGES, reviewInputSchema } from '../../../common/reviews/review';
import { validate } from '../../../common/validation/issues';
import {
  AddReviewMutation,
  ProofOfBillingUploadMutation,
  ReadOrdersMutation,
  ReOrderMutation,
  RequestOrderCancelMutation,
  ResubmitReceiptMutation,
  UpdateReviewMutation,
} from '../../graphql/orders';
import { query } from '../../lib/api.server';
import {
  approveLinkOf,
  CreatePaypalTransactionMutation,
  GenerateIpay88SignatureMutation,
  ipay88FieldsOf,
  NewDragonpayPaymentUrlMutation,
} from '../../graphql/payments';
import { ORDER_MESSAGES, type OrderActionResult } from './order-messages';

/** Where every order button posts. */
export const ORDER_ACTION_PATH = '/account/orders';

export async function orderAction(request: Request, context: AppLoadContext) {
  const form = Object.fromEntries(await request.formData());
  const intent = String(form.intent ?? '');
  const orderId = String(form.orderId ?? '');
  const reply = (ok: boolean, message: string, extra: Partial<OrderActionResult> = {}) =>
    data<OrderActionResult>({ intent, orderId, ok, message, ...extra });

  switch (intent) {
    // Pay Now by payments[0].gateway (docs/product/orders-and-payments.md#order-actions); the provider's page is another
    // document, so the browser loads it rather than the router.
    case 'payPaypal': {
      const result = (await query(context, CreatePaypalTransactionMutation, { orderId })).createPaypalTransaction;
      const approve = approveLinkOf(result?.response);
      return approve ? redirectDocument(approve) : reply(false, ORDER_MESSAGES.paypalFailed);
    }
    case 'payDragonpay': {
      const result = (await query(context, NewDragonpayPaymentUrlMutation, { orderId })).newDragonpayPaymentUrl;
      return result?.url ? redirectDocument(result.url) : reply(false, ORDER_MESSAGES.dragonpayFailed);
    }
    case 'payIpay88': {
      const result = (await query(context, GenerateIpay88SignatureMutation, { orderId, userName: String(form.userName ?? '') }))
        .generateIpay88Signature;
      const fields = ipay88FieldsOf(result);
      return fields ? reply(true, '', { ipay88: fields }) : reply(false, result?.errors?.[0]?.message ?? ORDER_MESSAGES.generic);
    }

    case 'read': {
      const ids = String(form.ids ?? '')
        .split(',')
        .filter(Boolean)
        .slice(0, 100);
      if (ids.length) await query(context, ReadOrdersMutation, { orders: ids });
      return reply(true, '');
    }

    case 'cancel': {
      const input = validate(cancelRequestSchema, form);
      if (!input.ok) return reply(false, input.errors[0]!.message);
      const result = (
        await query(context, RequestOrderCancelMutation, { id: orderId, reason: input.data.reason, note: input.data.note || null })
      ).requestOrderCancel;
      const error = result?.errors?.[0]?.message;
      if (error || !result?.order) {
        return reply(false, error ?? CANCEL_MESSAGES.failed, { cannotCancel: error === CANCEL_MESSAGES.notAnymore });
      }
      return reply(true, CANCEL_MESSAGES.requested);
    }

    case 'reOrder': {
      const result = (await query(context, ReOrderMutation, { order: orderId })).reOrder;
      if (!result?.checkoutId) {
        const messages = result?.errors?.map((e) => e.message) ?? [];
        return reply(false, messages.slice(1).join(' ') || ORDER_MESSAGES.reOrderLater);
      }
      // Re-order creates a new checkout and goes to /checkout (docs/product/orders-and-payments.md#order-actions).
      return redirect('/checkout');
    }

    case 'receipt': {
      const result = (await query(context, ResubmitReceiptMutation, { orderId })).resubmitReceipt;
      if (!result || result.errors?.length) return reply(false, ORDER_MESSAGES.receiptFailed);
      return reply(true, ORDER_MESSAGES.receiptSent);
    }

    case 'proof': {
      const input = validate(proofOfBillingSchema, form);
      if (!input.ok) return reply(false, input.errors[0]!.message);
      const result = (
        await query(context, ProofOfBillingUploadMutation, { id: orderId, input: { alt: input.data.alt, image: input.data.image } })
      ).proofOfBillingUpload;
      const error = result?.errors?.[0]?.message;
      if (error || !result?.order) return reply(false, error ?? ORDER_MESSAGES.generic);
      return reply(true, PROOF_MESSAGES.uploaded);
    }

    case 'review': {
      // Write a Review (no reviewId yet) or Update Review; the server checks the order again.
      const input = validate(reviewInputSchema, form);
      if (!input.ok) return reply(false, input.errors[0]!.message);
      const { rating, note } = input.data;
      const reviewId = String(form.reviewId ?? '');
      let errors: { message: string | null }[] | null | undefined;
      try {
        errors = reviewId
          ? (await query(context, UpdateReviewMutation, { id: reviewId, rating, note })).updateReview?.errors
          : (await query(context, AddReviewMutation, { productId: String(form.productId ?? ''), rating, note })).addReview?.errors;
      } catch {
        return reply(false, REVIEW_MESSAGES.failedLater);
      }
      if (errors === undefined || errors === null) return reply(false, REVIEW_MESSAGES.failedLater);
      if (errors.length > 0) return reply(false, errors[0]!.message || REVIEW_MESSAGES.failed);
      return reply(true, reviewId ? REVIEW_MESSAGES.updated : REVIEW_MESSAGES.added);
    }

    default:
      return reply(false, ORDER_MESSAGES.generic);
  }
}
