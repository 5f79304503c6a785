// The browser's half of saving a card: card details go straight to the provider's tokenizer
// (Maya's payment-tokens API, or the shop's sandbox of it), which answers a payment token.
import type { CardInput } from '../../../common/payments/card';
import type { Tokenizer } from '../../graphql/cards';

export async function tokenizeCard(tokenizer: Tokenizer, card: CardInput): Promise<string | null> {
  try {
    const res = await fetch(tokenizer.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Basic ${btoa(`${tokenizer.publicKey}:`)}` },
      body: JSON.stringify({ card }),
      // docs/product/orders-and-payments.md#saved-cards: the tokeniser call times out after 30 s.
      signal: AbortSignal.timeout(30_000),
      credentials: 'omit',
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { paymentTokenId?: unknown };
    return typeof body.paymentTokenId === 'string' ? body.paymentTokenId : null;
  } catch {
    return null;
  }
}
