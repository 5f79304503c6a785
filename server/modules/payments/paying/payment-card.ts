// Payment.paymayaCard: the saved card a Paymaya Vault payment charges. The payment's token is
// that card's id (savedCardToken), so the card is read from there; shown only to the payment's
// owner and to staff, and null once the customer deleted the card.
import { inArray } from 'drizzle-orm';
import type { ServiceContext } from '../../../graphql/context';
import { contextLoader } from '../../catalogue/catalogue.loaders';
import { findGateway } from '../gateways/gateways';
import type { PaymentRow } from '../payments.service';
import { savedCards } from '../saved-cards.tables';
import type { SavedCardRow } from '../saved-cards/saved-cards.service';

const cardsById = (ctx: ServiceContext) =>
  contextLoader<SavedCardRow | null>(
    ctx,
    'paymentCardsById',
    async (ids) => new Map((await ctx.db.select().from(savedCards).where(inArray(savedCards.id, [...ids]))).map((card) => [card.id, card])),
    () => null,
  );

export async function cardOfPayment(ctx: ServiceContext, payment: PaymentRow): Promise<SavedCardRow | null> {
  if (ctx.user?.id !== payment.userId && ctx.user?.isStaff !== true) return null;
  if (findGateway(payment.gateway)?.info.kind !== 'SAVED_CARD' || !/^\d{1,9}$/.test(payment.token)) return null;
  const card = await cardsById(ctx).load(Number(payment.token));
  // The card must be the payer's own (the token was checked so when the payment was made).
  return card && card.userId === payment.userId ? card : null;
}
