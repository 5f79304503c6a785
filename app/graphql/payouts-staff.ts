// The back office's payout queue and fraud review (/staff/payouts, /staff/referral-flags).
import { operation } from '../../common/graphql-operation';

type Money = { amount: number; localized: string };
type Errors = { errors: { field: string | null; message: string }[] };
type Customer = { email: string; firstName: string; lastName: string };

export const PAYOUT_STATUS_VALUES = ['PENDING', 'PROCESSING', 'PAID', 'REJECTED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUS_VALUES)[number];

export type StaffPayout = {
  id: string;
  created: string;
  status: PayoutStatus;
  type: 'BANK' | 'GCASH';
  referralRewards: number;
  totalPayout: Money;
  phoneNumber: string | null;
  bankCode: string | null;
  accountName: string | null;
  accountNumber: string | null;
  reference: string | null;
  rejectReason: string | null;
  customer: Customer | null;
};

type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };

export const StaffPayoutsQuery = operation<
  {
    payoutRequests: { totalCount: number; edges: { node: StaffPayout }[]; pageInfo: PageInfo } | null;
    payoutRequestCounts: { status: PayoutStatus; count: number }[];
  },
  { first?: number; last?: number; after?: string | null; before?: string | null; status: PayoutStatus[] }
>(/* GraphQL */ `
  query StaffPayouts($first: Int, $last: Int, $after: String, $before: String, $status: [PayoutStatus!]) {
    payoutRequests(first: $first, last: $last, after: $after, before: $before, filter: { status: $status }) {
      totalCount
      edges {
        node {
          id
          created
          status
          type
          referralRewards
          totalPayout { amount localized }
          phoneNumber
          bankCode
          accountName
          accountNumber
          reference
          rejectReason
          customer { email firstName lastName }
        }
      }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
    payoutRequestCounts { status count }
  }
`);

export const StaffPayoutCountsQuery = operation<{ payoutRequestCounts: { status: PayoutStatus; count: number }[]; referralFlags: { totalCount: number } | null }>(/* GraphQL */ `
  query StaffPayoutCounts {
    payoutRequestCounts { status count }
    referralFlags(first: 0, filter: { open: true }) { totalCount }
  }
`);

export const StaffPayoutsCsvQuery = operation<{ payoutRequestsCsv: string | null }, { status: PayoutStatus[] }>(/* GraphQL */ `
  query StaffPayoutsCsv($status: [PayoutStatus!]) {
    payoutRequestsCsv(filter: { status: $status })
  }
`);

type PayoutPayload = ({ payout: { id: string; status: PayoutStatus } | null } & Errors) | null;

export const PayoutMarkProcessingMutation = operation<{ payoutMarkProcessing: PayoutPayload }, { id: string }>(/* GraphQL */ `
  mutation PayoutMarkProcessing($id: ID!) {
    payoutMarkProcessing(id: $id) { payout { id status } errors { field message } }
  }
`);

export const PayoutBulkMarkProcessingMutation = operation<
  { payoutBulkMarkProcessing: ({ count: number } & Errors) | null },
  { ids: string[] }
>(/* GraphQL */ `
  mutation PayoutBulkMarkProcessing($ids: [ID!]!) {
    payoutBulkMarkProcessing(ids: $ids) { count errors { field message } }
  }
`);

export const PayoutMarkPaidMutation = operation<{ payoutMarkPaid: PayoutPayload }, { id: string; reference: string }>(/* GraphQL */ `
  mutation PayoutMarkPaid($id: ID!, $reference: String!) {
    payoutMarkPaid(id: $id, reference: $reference) { payout { id status } errors { field message } }
  }
`);

export const PayoutRejectMutation = operation<{ payoutReject: PayoutPayload }, { id: string; reason: string }>(/* GraphQL */ `
  mutation PayoutReject($id: ID!, $reason: String!) {
    payoutReject(id: $id, reason: $reason) { payout { id status } errors { field message } }
  }
`);

export const REFERRAL_FLAG_REASONS = ['SAME_PERSON_PHONE', 'SAME_PERSON_BANK', 'SAME_PERSON_GCASH', 'SAME_PERSON_CARD', 'SHARED_IP', 'SHARED_DEVICE'] as const;
export type ReferralFlagReason = (typeof REFERRAL_FLAG_REASONS)[number];

export type StaffReferralFlag = {
  id: string;
  created: string;
  reason: ReferralFlagReason;
  detail: string;
  reviewable: boolean;
  decision: 'APPROVED' | 'REJECTED' | null;
  decidedAt: string | null;
  order: { number: string; referenceKey: string; total: { gross: Money } } | null;
  patron: Customer | null;
  commissioner: Customer | null;
  rewards: { level: number; points: number; state: 'HELD' | 'AVAILABLE' | 'REVERSED'; commissioner: Customer | null }[];
};

export const StaffReferralFlagsQuery = operation<
  { referralFlags: { totalCount: number; edges: { node: StaffReferralFlag }[]; pageInfo: PageInfo } | null },
  { first: number; after?: string | null; open: boolean | null }
>(/* GraphQL */ `
  query StaffReferralFlags($first: Int, $after: String, $open: Boolean) {
    referralFlags(first: $first, after: $after, filter: { open: $open }) {
      totalCount
      edges {
        node {
          id
          created
          reason
          detail
          reviewable
          decision
          decidedAt
          order { number referenceKey total { gross { amount localized } } }
          patron { email firstName lastName }
          commissioner { email firstName lastName }
          rewards { level points state commissioner { email firstName lastName } }
        }
      }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
  }
`);

export const ReferralFlagReviewMutation = operation<
  { referralFlagReview: ({ referralFlag: { id: string; decision: string | null } | null } & Errors) | null },
  { id: string; decision: 'APPROVED' | 'REJECTED' }
>(/* GraphQL */ `
  mutation ReferralFlagReview($id: ID!, $decision: ReferralFlagDecision!) {
    referralFlagReview(id: $id, decision: $decision) { referralFlag { id decision } errors { field message } }
  }
`);
