// The action behind every saved-card and payment-method form: it switches on an intent and
// calls the API, which checks the session and ownership. Card numbers never reach it: the card
// form sends only the provider's payment token, the brand and the last 4 digits.
import { data, type AppLoadContext } from 'react-router';
import {
  PaymayaCardCreateMutation,
  PaymayaCardDeleteMutation,
  SetDefaultPaymayaCardMutation,
  SetDefaultPaymentMethodMutation,
} from '../../graphql/cards';
import { OnDemandPaymentCreateMutation } from '../../graphql/payments';
import { query } from '../../lib/api.server';
import { CARD_TEXT, type CardActionResult } from './card-messages';

export async function cardsAction(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const field = (name: string) => String(form.get(name) ?? '').trim();
  const reply = (ok: boolean, message = '', extra: Partial<CardActionResult> = {}) => data<CardActionResult>({ intent, ok, message, ...extra });
  const first = (errors: readonly { message: string | null }[] | null | undefined) => errors?.[0]?.message ?? null;

  switch (intent) {
    case 'createCard': {
      const payload = (
        await query(context, PaymayaCardCreateMutation, {
          paymentToken: field('paymentToken'),
          cardType: field('cardType'),
          ccLastDigits: field('ccLastDigits'),
          returnTo: field('returnTo') === 'checkout' ? 'CHECKOUT' : 'CARD',
        })
      ).paymayaCardCreate;
      const error = first(payload?.paymentErrors);
      if (error || !payload?.verificationUrl) return reply(false, error ?? CARD_TEXT.failed);
      return reply(true, '', { verificationUrl: payload.verificationUrl });
    }
    case 'payCard': {
      const payload = (await query(context, OnDemandPaymentCreateMutation, { order: field('orderId'), paymentToken: field('paymentToken') }))
        .onDemandPaymentCreate;
      const error = first(payload?.errors);
      if (error || !payload) return reply(false, error ?? CARD_TEXT.failed);
      return reply(true, payload.verificationUrl ? '' : CARD_TEXT.paymentSent, payload.verificationUrl ? { verificationUrl: payload.verificationUrl } : {});
    }
    case 'setDefaultCard': {
      const payload = (await query(context, SetDefaultPaymayaCardMutation, { id: field('id') })).setDefaultPaymayaCard;
      return payload?.paymayaCard ? reply(true) : reply(false, first(payload?.errors) ?? CARD_TEXT.actionFailed);
    }
    case 'deleteCard': {
      const payload = (await query(context, PaymayaCardDeleteMutation, { id: field('id') })).paymayaCardDelete;
      return payload?.paymayaCard ? reply(true) : reply(false, first(payload?.errors) ?? CARD_TEXT.actionFailed);
    }
    case 'setDefaultPaymentMethod': {
      const payload = (await query(context, SetDefaultPaymentMethodMutation, { paymentMethodId: field('paymentMethodId') }))
        .setDefaultPaymentMethod;
      const error = first(payload?.errors);
      return error || !payload ? reply(false, error ?? CARD_TEXT.failed) : reply(true);
    }
    default:
      return reply(false, CARD_TEXT.failed);
  }
}
