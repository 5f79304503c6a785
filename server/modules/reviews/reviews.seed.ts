// Demo reviews: believable ratings and notes, signed by the accounts seed's reviewer accounts
// (their ids come in; this module never writes the accounts tables).
import type { Database } from '../../db/client';
import { seededRandom } from '../../seed/seed-random';
import { reviews } from './reviews.tables';

const NOTES: Record<number, string[]> = {
  5: [
    'Legit and sealed! Fast delivery, thank you Suki.',
    'Item received in perfect condition. Highly recommended seller.',
    'Sulit na sulit! Original and works perfectly.',
    'Super bilis ng delivery, arrived the next day in Makati.',
    'Exactly as described. Packaging was very secure, with bubble wrap and a box.',
    'Second time buying from this shop, never disappointed.',
    '',
  ],
  4: [
    'Good product, delivery took a few days longer than expected.',
    'Works well. Wish it came with more colour options.',
    'Original item. Rider was a bit late but overall okay.',
    'Nice quality for the price.',
  ],
  3: ['Okay naman. Box was a little dented but the item is fine.', 'Average. Does the job.'],
  2: ['Took almost two weeks to arrive in Mindanao.'],
  1: ['Wrong colour was sent, but support is processing the exchange.'],
};

function rating(r: number): number {
  if (r < 0.55) return 5;
  if (r < 0.85) return 4;
  if (r < 0.95) return 3;
  if (r < 0.98) return 2;
  return 1;
}

/**
 * Reviews on up to the first 600 products (enough for every page a person looks at). The
 * `popularProductId` gets a review from every reviewer (more than 20 with the accounts seed's
 * reviewers), so its Reviews tab pages with Load More.
 */
export async function seedReviews(
  db: Database,
  options: { productIds: number[]; reviewerIds: number[]; popularProductId?: number | null },
) {
  const rng = seededRandom(7_771);
  const reviewers = options.reviewerIds;
  if (reviewers.length === 0) return 0;
  const rows: (typeof reviews.$inferInsert)[] = [];
  const base = Date.UTC(2026, 10, 1);
  const popular = options.popularProductId ?? null;
  if (popular != null) {
    // Its own generator: the other products' reviews stay as they were.
    const own = seededRandom(7_772);
    reviewers.forEach((userId, k) => {
      const stars = rating(own.next());
      rows.push({
        productId: popular,
        userId,
        rating: stars,
        note: own.pick(NOTES[stars]!),
        // One a week or so, newest first on the page.
        createdAt: new Date(base - (k * 7 + own.int(1, 6)) * 86_400_000 - own.int(0, 86_399) * 1000),
      });
    });
  }
  for (const productId of options.productIds.slice(0, 600)) {
    if (!rng.chance(0.7) || productId === popular) continue;
    const count = rng.int(1, Math.min(7, reviewers.length));
    const start = rng.int(0, reviewers.length - 1);
    for (let k = 0; k < count; k++) {
      const stars = rating(rng.next());
      rows.push({
        productId,
        userId: reviewers[(start + k) % reviewers.length]!,
        rating: stars,
        note: rng.pick(NOTES[stars]!),
        createdAt: new Date(base - rng.int(1, 300) * 86_400_000 - rng.int(0, 86_399) * 1000),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await db.insert(reviews).values(rows.slice(i, i + 1000));
  return rows.length;
}
