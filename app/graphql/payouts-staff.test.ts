// The payout queue and fraud review get complete view models from the generated (all-nullable)
// result types.
import { describe, expect, it } from 'vitest';
import { countsByStatus, toReferralFlags, toStaffPayouts } from './payouts-staff';

const pageInfo = { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null };
const person = { email: 'ana@example.com', firstName: 'Ana', lastName: 'Cruz' };

describe('payout view models', () => {
  it('maps the queue with fallbacks, dropping a row without an id', () => {
    const payout = {
      id: 'P1',
      created: '2026-11-20T02:00:00Z',
      status: 'PENDING' as const,
      type: 'GCASH' as const,
      referralRewards: 120,
      phoneNumber: '09171234567',
      bankCode: null,
      accountName: null,
      accountNumber: null,
      reference: null,
      rejectReason: null,
      tax: { amount: 12, localized: '₱12.00' },
      taxRate: 10,
      totalPayout: { amount: 108, localized: '₱108.00' },
      customer: { id: 'VXNlcjox', email: 'ana@example.com', firstName: null, lastName: 'Cruz', ownWithholdingPercentage: 5, withholdingRateNote: null },
    };
    const page = toStaffPayouts({
      payoutRequests: { totalCount: 2, pageInfo, edges: [{ node: payout }, { node: { ...payout, id: null } }] },
      payoutRequestCounts: [{ status: 'PENDING', count: 2 }, { status: null, count: 5 }],
    });
    expect(page.payouts).toEqual([
      { ...payout, customer: { id: 'VXNlcjox', email: 'ana@example.com', firstName: '', lastName: 'Cruz', ownWithholdingPercentage: 5, withholdingRateNote: null } },
    ]);
    expect(page.counts).toEqual({ PENDING: 2, PROCESSING: 0, PAID: 0, REJECTED: 0 });
    expect(page.totalCount).toBe(2);
    expect(toStaffPayouts({ payoutRequests: null, payoutRequestCounts: null })).toEqual({
      payouts: [],
      counts: { PENDING: 0, PROCESSING: 0, PAID: 0, REJECTED: 0 },
      pageInfo: null,
      totalCount: 0,
    });
  });

  it('counts a status the API left out as 0', () => {
    expect(countsByStatus([{ status: 'PAID', count: null }, { status: 'PROCESSING', count: 3 }])).toEqual({ PENDING: 0, PROCESSING: 3, PAID: 0, REJECTED: 0 });
  });

  it('maps flagged purchases with the order total as its localized text', () => {
    const { flags, totalCount } = toReferralFlags({
      referralFlags: {
        totalCount: 1,
        pageInfo,
        edges: [
          {
            node: {
              id: 'F1',
              created: '2026-11-20T02:00:00Z',
              reason: 'SHARED_IP',
              detail: null,
              reviewable: true,
              decision: null,
              decidedAt: null,
              order: { number: '42', referenceKey: 'ABC', total: { gross: { amount: 500, localized: '₱500.00' } } },
              patron: person,
              commissioner: null,
              rewards: [{ level: 1, points: null, state: 'HELD', commissioner: person }],
            },
          },
          { node: { id: null, created: null, reason: null, detail: null, reviewable: null, decision: null, decidedAt: null, order: null, patron: null, commissioner: null, rewards: null } },
        ],
      },
    });
    expect(totalCount).toBe(1);
    expect(flags).toEqual([
      {
        id: 'F1',
        created: '2026-11-20T02:00:00Z',
        reason: 'SHARED_IP',
        detail: '',
        reviewable: true,
        decision: null,
        decidedAt: null,
        order: { number: '42', referenceKey: 'ABC', total: '₱500.00' },
        patron: person,
        commissioner: null,
        rewards: [{ level: 1, points: 0, state: 'HELD', commissioner: person }],
      },
    ]);
  });
});
