// Saved cards (docs/product/orders-and-payments.md#saved-cards: paymayaCardCreate, paymayaCards, setDefaultPaymayaCard,
// paymayaCardDelete): the browser tokenises the card with Maya; we vault the token under the
// customer's Maya customer, send the customer through 3-D Secure, and keep the brand and last 4.
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { CARD_MESSAGES } from '../../../common/payments/card';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { getUser, requireUser } from '../accounts/accounts.service';
import { decodeGlobalID, encodeGlobalID } from '@pothos/plugin-relay';
import { ProviderError } from './providers/http';
import { mayaClient } from './providers/maya/maya-access';
import type { MayaClient, MayaPayment } from './providers/maya/client';
import { paymentCustomers, savedCards } from './saved-cards.tables';

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
    const [row] = await ctx.db.insert(savedCards).values({ userId: user.id, customerId, brand, last4 }).returning();
    const back = (outcome: string) => `${ctx.config.publicUrl}/payments/maya/cards/${row.id}/return?outcome=${outcome}&to=${input.returnTo ?? 'card'}`;
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

/** Marks a card verified; the customer's first card becomes their default. One transaction. */
async function markVerified(ctx: ServiceContext, card: SavedCardRow): Promise<SavedCardRow> {
  return ctx.db.transaction(async (tx) => {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(savedCards)
      .where(and(eq(savedCards.userId, card.userId), eq(savedCards.isDefault, true)));
    const [row] = await tx
      .update(savedCards)
      .set({ state: 'VERIFIED', verifiedAt: new Date(), isDefault: n === 0 })
      .where(and(eq(savedCards.id, card.id), eq(savedCards.state, 'PENDING')))
      .returning();
    return row ?? card;
  });
}

export type CardOutcome = 'success' | 'failed' | 'cancelled';

/**
 * The customer's return from 3-D Secure. Whatever the return URL claims, the card's state comes
 * from Maya itself, so a forged return changes nothing. Answers where to send the customer.
 */
export async function completeCardVerification(ctx: ServiceContext, cardId: number, claimed: string, to: string): Promise<string> {
  const path = RETURN_PATHS[to === 'checkout' ? 'checkout' : 'card'];
  const [card] = await ctx.db.select().from(savedCards).where(eq(savedCards.id, cardId));
  let outcome: CardOutcome = claimed === 'cancelled' ? 'cancelled' : 'failed';
  if (card?.state === 'VERIFIED') outcome = 'success';
  else if (card?.state === 'PENDING' && card.cardTokenId) {
    const client = await mayaClient(ctx.config);
    const atMaya = client ? await client.getCard(card.customerId, card.cardTokenId).catch(() => null) : null;
    if (atMaya?.state === 'VERIFIED') {
      await markVerified(ctx, card);
      outcome = 'success';
    } else if (claimed !== 'cancelled' && claimed !== 'success') {
      await ctx.db.update(savedCards).set({ state: 'FAILED' }).where(and(eq(savedCards.id, card.id), eq(savedCards.state, 'PENDING')));
    }
  }
  const query = new URLSearchParams({ payment: outcome });
  if (outcome === 'success' && card) query.set('card', encodeGlobalID('PaymayaCard', card.id));
  return `${path}?${query}`;
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
 * A decline is a PAYMENT_FAILED payment; only a broken provider throws.
 */
export async function chargeSavedCard(
  ctx: ServiceContext,
  input: { userId: number; cardId: number; amount: number; reference: string },
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
    redirectUrl: { success: `${back}?status=success`, failure: `${back}?status=failed`, cancel: `${back}?status=cancelled` },
  });
}

/**
 * The payment token of a Paymaya Vault checkout: the id of one of the customer's verified saved
 * cards (a PaymayaCard global id or the bare number), stored as the bare number.
 */
export async function savedCardToken(ctx: ServiceContext, userId: number, given: string): Promise<string> {
  let id = Number.NaN;
  const text = given.trim();
  if (/^\d+$/.test(text)) id = Number(text);
  else {
    try {
      const decoded = decodeGlobalID(text);
      if (decoded.typename === 'PaymayaCard') id = Number(decoded.id);
    } catch {
      // not a global id
    }
  }
  if (!Number.isSafeInteger(id) || id <= 0) throw new DomainError(CARD_MESSAGES.selectCard, 'paymayaCardId');
  const [card] = await ctx.db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), eq(savedCards.state, 'VERIFIED')));
  if (!card) throw new DomainError(CARD_MESSAGES.selectCard, 'paymayaCardId');
  return String(card.id);
}
