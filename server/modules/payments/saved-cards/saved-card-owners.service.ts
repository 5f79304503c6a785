// Whether two customers keep the same card, for the referral programme's "same person" fraud
// rule. Maya gives us no card fingerprint, expiry or holder name: the brand and the last 4 digits
// of a verified card are the most a saved card tells us, so that is what "the same card" means
// here. Pending and failed cards never count (anyone can type digits; only 3-D Secure proves
// the card was in the person's hands).
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { savedCards } from '../saved-cards.tables';

/** The card both users verified, as "VISA ••••4242", or null when they share none. */
export async function sharedSavedCard(db: Database, userA: number, userB: number): Promise<string | null> {
  if (userA === userB) return null;
  const rows = await db
    .select({ userId: savedCards.userId, brand: savedCards.brand, last4: savedCards.last4 })
    .from(savedCards)
    .where(and(inArray(savedCards.userId, [userA, userB]), eq(savedCards.state, 'VERIFIED')));
  const keyOf = (r: { brand: string; last4: string }) => `${r.brand} ••••${r.last4}`;
  const ofA = new Set(rows.filter((r) => r.userId === userA).map(keyOf));
  return rows.filter((r) => r.userId === userB).map(keyOf).find((k) => ofA.has(k)) ?? null;
}
