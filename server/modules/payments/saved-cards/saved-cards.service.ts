// Saved cards (docs/product/orders-and-payments.md#saved-cards: paymayaCardCreate, paymayaCards, setDefaultPaymayaCard,
// paymayaCardDelete): the browser tokenises the card with Maya; we vault the token under the
// customer's Maya customer, send the customer through 3-D Secure, and keep the brand and last 4.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { Config } from '../../../config';
import { CARD_MESSAGES } from '../../../../common/payments/card';
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import { getUser, requireUser } from '../../accounts/accounts.service';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { ProviderError } from '../providers/http';
import { mayaClient } from '../providers/maya/maya-access';
import type { MayaClient, MayaPayment, MayaRedirects } from '../providers/maya/client';
import { paymentCustomers, savedCards } from '../saved-cards.tables';
import { rowIdOf } from '../../../graphql/node-key';

export type SavedCardRow = typeof savedCards.$inferSelect;

export const SAVED_CARD_MESSAGES = {
  failed: 'Sorry! Something went wrong.',
  notFound: 'Card not found.',
} as const;

const BRANDS = new Set(['VISA', 'MASTERCARD', 'JCB']);

/** Where the customer lands after 3-D Secure: the card result page, or back in checkout. */
export type CardReturn = 'card' | 'checkout';
const RETURN_PATHS: Record<CardReturn, string> = { card: '/payment/card', checkout: '/checkout' };

async function requireMaya(ctx: ServiceContext): Promise<MayaClient> {
  const client = await mayaClient(ctx.config);
  if (!client) throw new DomainError(SAVED_CARD_MESSAGES.failed, 'paymentToken');
  return client;
}

/** The user's Maya customer id, created at Maya the first time they save a card. */
async function mayaCustomerOf(ctx: ServiceContext, client: MayaClient, userId: number): Promise<string> {
  const known = await ctx.db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'maya')));
  if (known[0]) return known[0].customerId;
  const user = await getUser(ctx.db, userId);
  if (!user) throw new DomainError(SAVED_CARD_MESSAGES.failed, 'paymentToken');
  const customerId = await client.createCustomer({ firstName: user.firstName, lastName: user.lastName, email: user.email, referenceId: `user-${userId}` });
  // Two saves at once: the first customer stored wins, the other is left unused at Maya.
  await ctx.db.insert(paymentCustomers).values({ userId, provider: 'maya', customerId }).onConflictDoNothing();
  const [row] = await ctx.db
    .select({ customerId: paymentCustomers.customerId })
    .from(paymentCustomers)
    .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, 'maya')));
  return row.customerId;
}

/**
 * Vaults a Maya payment token as a card of the signed-in customer. Answers the 3-D Secure
 * verificationUrl; the card is listed once Maya says it is verified (completeCardVerification).
 */
export async function createSavedCard(
  ctx: ServiceContext,
  input: { paymentToken: string; brand?: string | null; last4?: string | null; returnTo?: CardReturn | null },
): Promise<{ verificationUrl: string; card: SavedCardRow }> {
  const user = requireUser(ctx);
  const token = input.paymentToken.trim();
  if (!token || token.length > 500) throw new DomainError(CARD_MESSAGES.invalid, 'paymentToken');
  const brand = (input.brand ?? '').toUpperCase();
  const last4 = input.last4 ?? '';
  if (!BRANDS.has(brand) || !/^\d{4}$/.test(last4)) throw new DomainError(CARD_MESSAGES.invalid, 'paymentToken');
  await refuseDuplicate(ctx, user.id, brand, last4);

  const client = await requireMaya(ctx);
  try {
    const customerId = await mayaCustomerOf(ctx, client, user.id);
    const returnNonce = randomBytes(18).toString('base64url');
    const [row] = await ctx.db.insert(savedCards).values({ userId: user.id, customerId, brand, last4, returnNonce }).returning();
    const back = (outcome: CardOutcome) => cardReturnUrl(ctx.config, { cardId: row.id, outcome, to: input.returnTo ?? 'card', nonce: returnNonce });
    const vaulted = await client.vaultCard(customerId, {
      paymentTokenId: token,
      isDefault: false,
      redirectUrl: { success: back('success'), failure: back('failed'), cancel: back('cancelled') },
    });
    // What Maya read from the card wins over what the browser said.
    const [card] = await ctx.db
      .update(savedCards)
      .set({
        cardTokenId: vaulted.cardTokenId,
        verificationUrl: vaulted.verificationUrl,
        brand: BRANDS.has(vaulted.cardType.toUpperCase()) ? vaulted.cardType.toUpperCase() : brand,
        last4: /^\d{4}$/.test(vaulted.maskedPan.slice(-4)) ? vaulted.maskedPan.slice(-4) : last4,
      })
      .where(eq(savedCards.id, row.id))
      .returning();
    if (vaulted.state === 'VERIFIED' || !vaulted.verificationUrl) {
      const verified = await markVerified(ctx, card);
      return { verificationUrl: `${ctx.config.publicUrl}${RETURN_PATHS[input.returnTo ?? 'card']}?payment=success`, card: verified };
    }
    return { verificationUrl: vaulted.verificationUrl, card };
  } catch (error) {
    if (error instanceof ProviderError) {
      ctx.log.warn({ err: error, userId: user.id }, 'saving a card at Maya failed');
      throw new DomainError(SAVED_CARD_MESSAGES.failed, 'paymentToken');
    }
    throw error;
  }
}

async function refuseDuplicate(ctx: ServiceContext, userId: number, brand: string, last4: string) {
  const [dup] = await ctx.db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), eq(savedCards.state, 'VERIFIED'), eq(savedCards.brand, brand), eq(savedCards.last4, last4)))
    .limit(1);
  if (dup) throw new DomainError(CARD_MESSAGES.duplicate, 'paymentToken');
}

/**
 * Marks a card verified; the customer's first card becomes their default. One transaction. With
 * `nonce`, only while the card's return nonce is still that one (a return is used once).
 */
async function markVerified(ctx: ServiceContext, card: SavedCardRow, nonce?: string): Promise<SavedCardRow> {
  return ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(savedCards)
      .where(and(eq(savedCards.userId, card.userId), eq(savedCards.isDefault, true)));
    const [row] = await tx
      .update(savedCards)
      .set({ state: 'VERIFIED', verifiedAt: new Date(), isDefault: n === 0, returnNonce: null })
      .where(and(eq(savedCards.id, card.id), eq(savedCards.state, 'PENDING'), nonce ? eq(savedCards.returnNonce, nonce) : undefined))
      .returning();
    return row ?? card;
  });
}

export type CardOutcome = 'success' | 'failed' | 'cancelled';
const OUTCOMES: readonly string[] = ['success', 'failed', 'cancelled'] satisfies CardOutcome[];

type CardReturnFacts = { cardId: number; outcome: CardOutcome; to: CardReturn; nonce: string };

/**
 * The signature of one return address Maya is given (one per outcome): HMAC-SHA256 with the
 * shop's secret over the card, the outcome, where the customer goes next and the card's nonce.
 * Card ids are sequential, so without it anyone could send any card's return.
 */
function cardReturnSignature(config: Config, facts: CardReturnFacts): string {
  return createHmac('sha256', config.jwtSecret)
    .update(['suki-card-return', facts.cardId, facts.outcome, facts.to, facts.nonce].join('\n'))
    .digest('base64url');
}

export function cardReturnUrl(config: Config, facts: CardReturnFacts): string {
  const query = new URLSearchParams({ outcome: facts.outcome, to: facts.to, sig: cardReturnSignature(config, facts) });
  return `${config.publicUrl}/payments/maya/cards/${facts.cardId}/return?${query}`;
}

function signatureMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What a card's return address carries (its query), as the customer's browser brings it back. */
export type CardReturnQuery = { outcome?: string; to?: string; sig?: string };

/**
 * The customer's return from 3-D Secure. It is believed only with the signature of one of the
 * addresses Maya was given for this card, once (the card's nonce is spent with the first); and
 * even then the card's state comes from Maya itself, never from the address: a card is verified
 * only when Maya says VERIFIED, failed only when Maya says so. Maya's answer "not yet" leaves
 * the card pending (it is never listed). A forged, unsigned or replayed return changes nothing
 * and asks Maya nothing. Answers where to send the customer.
 */
export async function completeCardVerification(ctx: ServiceContext, cardId: number, query: CardReturnQuery): Promise<string> {
  const to: CardReturn = query.to === 'checkout' ? 'checkout' : 'card';
  const claimed = OUTCOMES.includes(query.outcome ?? '') ? (query.outcome as CardOutcome) : 'failed';
  const landing = (outcome: CardOutcome, card?: SavedCardRow) => {
    const params = new URLSearchParams({ payment: outcome });
    if (card) params.set('card', encodeGlobalID('PaymayaCard', card.id));
    return `${RETURN_PATHS[to]}?${params}`;
  };
  const [card] = await ctx.db.select().from(savedCards).where(eq(savedCards.id, cardId));
  const nonce = card?.returnNonce ?? null;
  const genuine = nonce !== null && signatureMatches(query.sig ?? '', cardReturnSignature(ctx.config, { cardId, outcome: claimed, to, nonce }));
  if (!card || !genuine || card.state !== 'PENDING' || !card.cardTokenId) {
    if (nonce !== null && !genuine) ctx.log.warn({ cardId }, 'a card return without a valid signature was ignored');
    // A return used already (the browser's back button) may show what became of the card.
    return landing(card?.state === 'VERIFIED' && !card.returnNonce ? 'success' : claimed === 'cancelled' ? 'cancelled' : 'failed');
  }
  const client = await mayaClient(ctx.config);
  const atMaya = client ? await client.getCard(card.customerId, card.cardTokenId).catch(() => null) : null;
  if (!atMaya) return landing('failed');
  const spent = { returnNonce: null };
  const mine = and(eq(savedCards.id, card.id), eq(savedCards.state, 'PENDING'), eq(savedCards.returnNonce, nonce));
  if (atMaya.state === 'VERIFIED') {
    const verified = await markVerified(ctx, card, nonce);
    return verified.state === 'VERIFIED' ? landing('success', verified) : landing('failed');
  }
  // Maya's own word that the verification failed; PREVERIFICATION is "not yet" (the customer
  // cancelled, or the issuer declined): the card stays pending, out of every list.
  await ctx.db.update(savedCards).set(atMaya.state === 'PREVERIFICATION' ? spent : { ...spent, state: 'FAILED' }).where(mine);
  return landing(claimed === 'cancelled' ? 'cancelled' : 'failed');
}

/** The signed-in customer's verified cards, default first, then newest. */
export async function listSavedCards(ctx: ServiceContext, page: { limit: number; offset: number }): Promise<SavedCardRow[]> {
  const user = ctx.user;
  if (!user) return [];
  return ctx.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, user.id), eq(savedCards.state, 'VERIFIED')))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countSavedCards(ctx: ServiceContext): Promise<number> {
  if (!ctx.user) return 0;
  const [{ n }] = await ctx.db
    .select({ n: count() })
    .from(savedCards)
    .where(and(eq(savedCards.userId, ctx.user.id), eq(savedCards.state, 'VERIFIED')));
  return n;
}

/** One of the signed-in customer's verified cards; anyone else's is "not found". */
export async function getOwnCard(ctx: ServiceContext, cardId: number): Promise<SavedCardRow> {
  const user = requireUser(ctx);
  const [card] = await ctx.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, cardId), eq(savedCards.userId, user.id), eq(savedCards.state, 'VERIFIED')));
  if (!card) throw new DomainError(SAVED_CARD_MESSAGES.notFound, 'id');
  return card;
}

export async function setDefaultCard(ctx: ServiceContext, cardId: number): Promise<SavedCardRow> {
  const card = await getOwnCard(ctx, cardId);
  return ctx.db.transaction(async (tx) => {
    await tx.update(savedCards).set({ isDefault: false }).where(and(eq(savedCards.userId, card.userId), ne(savedCards.id, card.id)));
    const [row] = await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, card.id)).returning();
    return row;
  });
}

/** Removes a card here and at Maya; the default passes to the oldest remaining card. */
export async function deleteCard(ctx: ServiceContext, cardId: number): Promise<SavedCardRow> {
  const card = await getOwnCard(ctx, cardId);
  const client = await mayaClient(ctx.config);
  if (client && card.cardTokenId) {
    try {
      await client.deleteCard(card.customerId, card.cardTokenId);
    } catch (error) {
      ctx.log.warn({ err: error, cardId }, 'deleting a card at Maya failed');
      throw new DomainError(SAVED_CARD_MESSAGES.failed, 'id');
    }
  }
  await ctx.db.transaction(async (tx) => {
    await tx.delete(savedCards).where(eq(savedCards.id, card.id));
    if (!card.isDefault) return;
    const [next] = await tx
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(and(eq(savedCards.userId, card.userId), eq(savedCards.state, 'VERIFIED')))
      .orderBy(asc(savedCards.id))
      .limit(1);
    if (next) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, next.id));
  });
  return card;
}

/**
 * Charges a saved card (Paymaya Vault), after the order exists and outside its transaction.
 * A decline is a PAYMENT_FAILED payment; only a broken provider throws. Maya may answer
 * FOR_AUTHENTICATION with a verificationUrl (3-D Secure on later charges): the customer finishes
 * it there and comes back to `redirectUrl` (the held charge's signed returns, ADR 050).
 */
export async function chargeSavedCard(
  ctx: ServiceContext,
  input: { userId: number; cardId: number; amount: number; reference: string; requestId?: string; redirectUrl?: MayaRedirects },
): Promise<MayaPayment> {
  const [card] = await ctx.db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, input.cardId), eq(savedCards.userId, input.userId), eq(savedCards.state, 'VERIFIED')));
  if (!card?.cardTokenId) throw new DomainError(CARD_MESSAGES.selectCard, 'paymayaCardId');
  const client = await requireMaya(ctx);
  const back = `${ctx.config.publicUrl}/account/orders`;
  return client.payWithCard(card.customerId, card.cardTokenId, {
    amount: input.amount,
    requestReferenceNumber: input.reference,
    redirectUrl: input.redirectUrl ?? { success: `${back}?status=success`, failure: `${back}?status=failed`, cancel: `${back}?status=cancelled` },
    requestId: input.requestId,
  });
}

/**
 * The payment token of a Paymaya Vault checkout: the id of one of the customer's verified saved
 * cards (a PaymayaCard global id or the bare number), stored as the bare number.
 */
export async function savedCardToken(ctx: ServiceContext, userId: number, given: string): Promise<string> {
  // The one id parser: it also refuses numbers no integer column holds (2147483648 and up).
  const id = rowIdOf(given, 'PaymayaCard', { bareNumbers: true });
  if (id === null) throw new DomainError(CARD_MESSAGES.selectCard, 'paymayaCardId');
  const [card] = await ctx.db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), eq(savedCards.state, 'VERIFIED')));
  if (!card) throw new DomainError(CARD_MESSAGES.selectCard, 'paymayaCardId');
  return String(card.id);
}
