import { describe, expect, it } from 'vitest';
import { heldPointsNote } from './PayoutsPanel';

const summary = (held: number, nextFreeAt: string | null, underReview: number) => ({
  availablePoints: 0,
  heldPoints: held,
  heldPointsNextFreeAt: nextFreeAt,
  pointsUnderReview: underReview,
  pendingPayout: { amount: 0, localized: '' },
  claimedPayout: { amount: 0, localized: '' },
  minimumPoints: 500,
  transactionFee: { amount: 25, localized: '₱25.00' },
  taxRate: 0,
});

describe('the note under Points on Hold', () => {
  it('says when the first held points free up, in Manila time, and what waits for review', () => {
    expect(heldPointsNote(summary(240, '2026-12-02T17:00:00.000Z', 40))).toBe('First points free up on Dec 03, 2026; 40 under review.');
    expect(heldPointsNote(summary(40, null, 40))).toBe('40 under review.');
  });

  it('says nothing when nothing is held', () => {
    expect(heldPointsNote(summary(0, null, 0))).toBeNull();
    expect(heldPointsNote(null)).toBeNull();
  });
});
