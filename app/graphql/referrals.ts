// The Commissioner programme's data and mutations (spec 2 sections 7.2 and 7.3): the dashboard
// panel, Patrons (rewards log), Payouts, the commissioner panel and the share tools.
import type { FieldError } from '../../common/errors';
import { operation } from '../../common/graphql-operation';

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
export const ReferralPanelQuery = operation<{ me: ReferralProgramme | null; referralRegistrationLink: string | null; referralDiscount: string }, { first: number }>(
  /* GraphQL */ `
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
`,
);

/** Patrons: the rewards log, paged both ways. */
export const RewardLogsQuery = operation<
  { me: { id: string; referralRewardsLogs: ReferralProgramme['referralRewardsLogs'] } | null },
  { first?: number | null; after?: string | null; last?: number | null; before?: string | null }
>(/* GraphQL */ `
  query RewardLogs($first: Int, $after: String, $last: Int, $before: String) {
    me {
      id
      referralRewardsLogs(first: $first, after: $after, last: $last, before: $before) { ...RewardLogFields }
    }
  }
  ${LOG_FIELDS}
`);

type Money = { amount: number; localized: string };

export type PayoutData = {
  id: string;
  created: string;
  status: 'PENDING' | 'PROCESSING' | 'PAID' | 'REJECTED';
  type: 'BANK' | 'GCASH';
  referralRewards: number;
  transactionFee: Money;
  tax: Money;
  totalPayout: Money;
};

export type PayoutsPage = {
  me: {
    id: string;
    bank: { code: string; name: string; accountNumber: string } | null;
    payoutSummary: {
      availablePoints: number;
      heldPoints: number;
      pendingPayout: Money;
      claimedPayout: Money;
      minimumPoints: number;
      transactionFee: Money;
      taxRate: number;
    } | null;
    payouts: { totalCount: number; pageInfo: PageInfo; edges: { node: PayoutData }[] };
  } | null;
};

/** GetUserPayouts (spec 2 7.2): the history (first, after) with the summary. */
export const GetUserPayoutsQuery = operation<PayoutsPage, { first: number; after?: string | null }>(/* GraphQL */ `
  query GetUserPayouts($first: Int, $after: String) {
    me {
      id
      bank { code name accountNumber }
      payoutSummary {
        availablePoints
        heldPoints
        pendingPayout { amount localized }
        claimedPayout { amount localized }
        minimumPoints
        transactionFee { amount localized }
        taxRate
      }
      payouts(first: $first, after: $after) {
        totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { node { id created status type referralRewards transactionFee { amount localized } tax { amount localized } totalPayout { amount localized } } }
      }
    }
  }
`);

type Payload = { errors: FieldError[] | null } | null;

export const ClaimPayoutMutation = operation<{ claimPayout: Payload }, { type: 'BANK' | 'GCASH'; phoneNumber: string | null }>(/* GraphQL */ `
  mutation ClaimPayout($type: PayoutType, $phoneNumber: String) {
    claimPayout(type: $type, phoneNumber: $phoneNumber) {
      errors { field message }
    }
  }
`);

export const UseReferralCodeMutation = operation<
  { useReferralCode: { response: string | null; user: { parent: { referralCode: string } | null } | null; errors: FieldError[] | null } | null },
  { referralCode: string }
>(/* GraphQL */ `
  mutation UseReferralCode($referralCode: String) {
    useReferralCode(referralCode: $referralCode) {
      response
      user { parent { referralCode } }
      errors { field message }
    }
  }
`);

export const ReferralCardQuery = operation<{ me: { id: string; referralCode: string; referralCardPdf: string | null } | null }>(/* GraphQL */ `
  query ReferralCard {
    me { id referralCode referralCardPdf }
  }
`);
