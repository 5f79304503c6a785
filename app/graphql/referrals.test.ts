import { describe, expect, it } from 'vitest';
import { toPayoutsPage, toReferralProgramme, toRewardLogs } from './referrals';

const pageInfo = { hasNextPage: true, hasPreviousPage: false, startCursor: 'a', endCursor: 'b' };

describe('referral mapping', () => {
  it('gives the rewards log its fallbacks, and an empty log when there is none', () => {
    expect(toRewardLogs(null)).toEqual({
      totalCount: 0,
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
      edges: [],
    });
    const logs = toRewardLogs({ totalCount: 1, pageInfo, edges: [{ node: { id: 'R1', date: null, level: 1, contribution: null, referral: null } }] });
    expect(logs.edges[0]!.node).toEqual({ id: 'R1', date: '', level: 1, contribution: 0, referral: null });
    expect(logs.pageInfo).toBe(pageInfo);
  });

  it('maps the programme', () => {
    const programme = toReferralProgramme({
      id: 'U1',
      isVerified: null,
      referralCode: 'SUKI1',
      referralRewards: null,
      level1ReferralCount: 3,
      level2ReferralCount: null,
      parent: { firstName: 'Ana', lastName: null, referralCode: 'ANA' },
      referralQrCode: null,
      referralRewardsLogs: null,
    });
    expect(programme).toMatchObject({ isVerified: false, referralCode: 'SUKI1', referralRewards: 0, level1ReferralCount: 3, level2ReferralCount: 0 });
    expect(programme.parent).toEqual({ firstName: 'Ana', lastName: '', referralCode: 'ANA' });
  });

  it('maps the payouts page', () => {
    expect(toPayoutsPage({ me: null })).toEqual({ me: null });
    const page = toPayoutsPage({
      me: {
        id: 'U1',
        bank: null,
        payoutSummary: {
          availablePoints: 500,
          heldPoints: 120,
          heldPointsNextFreeAt: '2026-12-03T04:00:00.000Z',
          pointsUnderReview: null,
          minimumPoints: 100,
          taxRate: null,
          pendingPayout: { amount: 10, localized: 'PHP10.00' },
          claimedPayout: null,
          transactionFee: { amount: null, localized: null },
        },
        payouts: {
          totalCount: 1,
          pageInfo,
          edges: [{ node: { id: 'P1', created: null, status: null, type: 'GCASH', referralRewards: 200, transactionFee: null, tax: null, taxRate: null, totalPayout: { amount: 180, localized: 'PHP180.00' } } }],
        },
      },
    });
    expect(page.me?.payoutSummary).toMatchObject({ availablePoints: 500, heldPoints: 120, heldPointsNextFreeAt: '2026-12-03T04:00:00.000Z', pointsUnderReview: 0, taxRate: 0, claimedPayout: { amount: 0, localized: '' } });
    expect(page.me?.payouts.edges[0]!.node).toMatchObject({ status: 'PENDING', type: 'GCASH', tax: { amount: 0, localized: '' }, taxRate: 0 });
  });
});
