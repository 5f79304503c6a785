// The card screens' words (docs/product/messages.md#checkout-and-payment: card dialog, card result page, saved cards).
export const CARD_TEXT = {
  addCard: 'Add Credit/Debit Card',
  saveCard: 'Save Card',
  payNow: 'Pay Now',
  paymentSent: 'Payment sent!',
  cardNumber: 'Card Number',
  month: 'Month (MM)',
  year: 'Year (YYYY)',
  cvv: 'CVV',
  failed: 'Sorry! Something went wrong.',
  loadFailed: 'Something went wrong!',
  actionFailed: 'Something went wrong!',
  unableTitle: 'Unable to Add Card',
  // The old 'Adding a card failed/cancelled.' told neither what happened nor what next
  // (docs/decisions/039-words-that-say-what-happened.md): one text per outcome of the card's 3-D Secure check.
  unableFailed: 'Your card could not be verified, so it was not saved. Please try again or choose another payment method.',
  unableCancelled: 'You cancelled adding your card, so it was not saved. Add it again or choose another payment method.',
  resultSuccess: 'Added new credit/debit card!',
  resultSuccessBody: 'You can now shop using this card.',
  resultFailed: 'Unable to add credit/debit card.',
  resultFailedBody: 'Please try again later.',
  resultCancelled: 'Adding credit/debit card cancelled.',
  setDefault: 'Set as Default',
  remove: 'Remove',
  defaultBadge: 'Default',
  noCards: 'No saved cards yet.',
  setDefaultMethod: 'Set Default Payment Method',
  defaultMethodUpdated: 'Default payment method updated!',
  sandboxNote: 'Sandbox: no real card is charged. Try 4111 1111 1111 1111 with any future expiry and any 3-digit CVV.',
  noScript: 'Cards are sent straight to our payment provider from your browser: please turn on JavaScript to add one.',
} as const;

export type CardActionResult = { intent: string; ok: boolean; message: string; verificationUrl?: string };
