// The Commissioner programme's data and mutations (docs/product/referrals.md): the dashboard
// panel, Patrons (rewards log), Payouts, the commissioner panel and the share tools.
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

// The panels' views. The schema (Saleor-shaped) declares most of these fields nullable; the API
// fills them for a signed-in user, and the to* helpers below give the fallbacks in one place.
export type RewardLog = {
  id: string;
  date: string;
  level: number;
  contribution: number;
  referral: { firstName: string; lastName: string; email: string } | null;
};

type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };

export type ReferralProgramme = {
  id: string;
  isVerified: boolean;
  referralCode: string;
  referralRewards: number;
  level1ReferralCount: number;
  level2ReferralCount: number;
  parent: { firstName: string; lastName: string; referralCode: string } | null;
  referralQrCode: { url: string; alt: string } | null;
  referralRewardsLogs: { totalCount: number; pageInfo: PageInfo; edges: { node: RewardLog }[] };
};

const LOG_FIELDS = /* GraphQL */ `
  fragment RewardLogFields on ReferralRewardLogCountableConnection {
    totalCount
    pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    edges { node { id date level contribution referral { firstName lastName email } } }
  }
`;

/** The dashboard's referral panel and share tools, and the profile's commissioner panel. */
export const ReferralPanelQuery = operation<G.ReferralPanelQuery, G.ReferralPanelQueryVariables>(/* GraphQL */ `
  query ReferralPanel($first: Int) {
    me {
      id
      isVerified
      referralCode
      referralRewards
      level1ReferralCount
      level2ReferralCount
      parent { firstName lastName referralCode }
      referralQrCode { url alt }
      referralRewardsLogs(first: $first) { ...RewardLogFields }
    }
    referralRegistrationLink
    referralDiscount
  }
  ${LOG_FIELDS}
`);

/** The profile page's commissioner panel: who linked this account, if anyone. */
export const CommissionerQuery = operation<G.CommissionerQuery, G.CommissionerQueryVariables>(/* GraphQL */ `
  query Commissioner {
    me {
      id
      parent { firstName lastName referralCode }
    }
  }
`);

export type Commissioner = { firstName: string; lastName: string; referralCode: string } | null;

export function toCommissioner(me: G.CommissionerQuery['me']): Commissioner {
  const parent = me?.parent;
  return parent ? { firstName: parent.firstName ?? '', lastName: parent.lastName ?? '', referralCode: parent.referralCode ?? '' } : null;
}

export type RewardLogs = ReferralProgramme['referralRewardsLogs'];

export function toRewardLogs(c: G.RewardLogFieldsFragment | null | undefined): RewardLogs {
  return {
    totalCount: c?.totalCount ?? 0,
    pageInfo: c?.pageInfo ?? { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    edges: (c?.edges ?? []).map(({ node: n }) => ({
      node: {
        id: n.id ?? '',
        date: n.date ?? '',
        level: n.level ?? 0,
        contribution: n.contribution ?? 0,
        referral: n.referral
          ? { firstName: n.referral.firstName ?? '', lastName: n.referral.lastName ?? '', email: n.referral.email ?? '' }
          : null,
      },
    })),
  };
}

export function toReferralProgramme(me: NonNullable<G.ReferralPanelQuery['me']>): ReferralProgramme {
  const { parent, referralQrCode: qr } = me;
  return {
    id: me.id,
    isVerified: me.isVerified ?? false,
    referralCode: me.referralCode ?? '',
    referralRewards: me.referralRewards ?? 0,
    level1ReferralCount: me.level1ReferralCount ?? 0,
    level2ReferralCount: me.level2ReferralCount ?? 0,
    parent: parent ? { firstName: parent.firstName ?? '', lastName: parent.lastName ?? '', referralCode: parent.referralCode ?? '' } : null,
    referralQrCode: qr ? { url: qr.url ?? '', alt: qr.alt ?? '' } : null,
    referralRewardsLogs: toRewardLogs(me.referralRewardsLogs),
  };
}

/** Patrons: the rewards log, paged both ways. */
export const RewardLogsQuery = operation<G.RewardLogsQuery, G.RewardLogsQueryVariables>(/* GraphQL */ `
  query RewardLogs($first: Int, $after: String, $last: Int, $before: String) {
    me {
      id
      referralRewardsLogs(first: $first, after: $after, last: $last, before: $before) { ...RewardLogFields }
    }
  }
  ${LOG_FIELDS}
`);

type Money = { amount: number; localized: string };
type GqlMoney = { amount: number | null; localized: string | null } | null;

const money = (m: GqlMoney): Money => ({ amount: m?.amount ?? 0, localized: m?.localized ?? '' });

export type PayoutData = {
  id: string;
  created: string;
  status: G.PayoutStatus;
  type: G.PayoutType;
  referralRewards: number;
  transactionFee: Money;
  tax: Money;
  /** The withholding rate the tax was taken at, percent. */
  taxRate: number;
  totalPayout: Money;
};

export type PayoutsPage = {
  me: {
    id: string;
    bank: { code: string; name: string; accountNumber: string } | null;
    payoutSummary: {
      availablePoints: number;
      heldPoints: number;
      /** ISO date the first held points free up, or null. */
      heldPointsNextFreeAt: string | null;
      pointsUnderReview: number;
      pendingPayout: Money;
      claimedPayout: Money;
      minimumPoints: number;
      transactionFee: Money;
      taxRate: number;
    } | null;
    payouts: { totalCount: number; pageInfo: PageInfo; edges: { node: PayoutData }[] };
  } | null;
};

/** GetUserPayouts (docs/product/referrals.md): the history (first, after) with the summary. */
export const GetUserPayoutsQuery = operation<G.GetUserPayoutsQuery, G.GetUserPayoutsQueryVariables>(/* GraphQL */ `
  query GetUserPayouts($first: Int, $after: String) {
    me {
      id
      bank { code name accountNumber }
      payoutSummary {
        availablePoints
        heldPoints
        heldPointsNextFreeAt
        pointsUnderReview
        pendingPayout { amount localized }
        claimedPayout { amount localized }
        minimumPoints
        transactionFee { amount localized }
        taxRate
      }
      payouts(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { node { id created status type referralRewards transactionFee { amount localized } tax { amount localized } taxRate totalPayout { amount localized } } }
      }
    }
  }
`);
export function toPayoutsPage(data: G.GetUserPayoutsQuery): PayoutsPage {
  const me = data.me;
  if (!me) return { me: null };
  const { bank, payoutSummary: sum, payouts } = me;
  return {
    me: {
      id: me.id,
      bank: bank ? { code: bank.code ?? '', name: bank.name ?? '', accountNumber: bank.accountNumber ?? '' } : null,
      payoutSummary: sum
        ? {
            availablePoints: sum.availablePoints ?? 0,
            heldPoints: sum.heldPoints ?? 0,
            heldPointsNextFreeAt: sum.heldPointsNextFreeAt ?? null,
            pointsUnderReview: sum.pointsUnderReview ?? 0,
            pendingPayout: money(sum.pendingPayout),
            claimedPayout: money(sum.claimedPayout),
            minimumPoints: sum.minimumPoints ?? 0,
            transactionFee: money(sum.transactionFee),
            taxRate: sum.taxRate ?? 0,
          }
        : null,
      payouts: {
        totalCount: payouts?.totalCount ?? 0,
        pageInfo: payouts?.pageInfo ?? { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
        edges: (payouts?.edges ?? []).map(({ node: n }) => ({
          node: {
            id: n.id ?? '',
            created: n.created ?? '',
            status: n.status ?? 'PENDING',
            type: n.type ?? 'BANK',
            referralRewards: n.referralRewards ?? 0,
            transactionFee: money(n.transactionFee),
            tax: money(n.tax),
            taxRate: n.taxRate ?? 0,
            totalPayout: money(n.totalPayout),
          },
        })),
      },
    },
  };
}

export const ClaimPayoutMutation = operation<G.ClaimPayoutMutation, G.ClaimPayoutMutationVariables>(/* GraphQL */ `
  mutation ClaimPayout($type: PayoutType, $phoneNumber: String) {
    claimPayout(type: $type, phoneNumber: $phoneNumber) {
      errors { field message }
    }
  }
`);

export const UseReferralCodeMutation = operation<G.UseReferralCodeMutation, G.UseReferralCodeMutationVariables>(/* GraphQL */ `
  mutation UseReferralCode($referralCode: String) {
    useReferralCode(referralCode: $referralCode) {
      response
      user { parent { referralCode } }
      errors { field message }
    }
  }
`);

export const ReferralCardQuery = operation<G.ReferralCardQuery, G.ReferralCardQueryVariables>(/* GraphQL */ `
  query ReferralCard {
    me { id referralCode referralCardPdf }
  }
`);
