// The back office's payout queue and fraud review (/staff/payouts, /staff/referral-flags).
import { operation } from '../../common/graphql-operation';
import type * as G from './generated';

export const PAYOUT_STATUS_VALUES = ['PENDING', 'PROCESSING', 'PAID', 'REJECTED'] as const satisfies readonly G.PayoutStatus[];
export type PayoutStatus = G.PayoutStatus;

/** A commissioner as the back office names them (the schema allows each field to be null). */
export type StaffCustomer = { email: string; firstName: string; lastName: string };
type GCustomer = { email: string | null; firstName: string | null; lastName: string | null } | null;

function toCustomer(c: GCustomer): StaffCustomer | null {
  return c ? { email: c.email ?? '', firstName: c.firstName ?? '', lastName: c.lastName ?? '' } : null;
}

/** The commissioner as the payout queue shows them, with the withholding rate staff set for them (null: the shop's). */
export type PayoutCustomer = StaffCustomer & { id: string; ownWithholdingPercentage: number | null; withholdingRateNote: string | null };
type GPayoutCustomer = NonNullable<GCustomer> & { id: string | null; ownWithholdingPercentage: number | null; withholdingRateNote: string | null };

function toPayoutCustomer(c: GPayoutCustomer | null): PayoutCustomer | null {
  return c ? { ...toCustomer(c)!, id: c.id ?? '', ownWithholdingPercentage: c.ownWithholdingPercentage ?? null, withholdingRateNote: c.withholdingRateNote ?? null } : null;
}

export const StaffPayoutsQuery = operation<G.StaffPayoutsQuery, G.StaffPayoutsQueryVariables>(/* GraphQL */ `
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
          tax { amount localized }
          taxRate
          totalPayout { amount localized }
          phoneNumber
          bankCode
          accountName
          accountNumber
          reference
          rejectReason
          customer { id email firstName lastName ownWithholdingPercentage withholdingRateNote }
        }
      }
      pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
    }
    payoutRequestCounts { status count }
  }
`);

type GPayout = NonNullable<G.StaffPayoutsQuery['payoutRequests']>['edges'][number]['node'];

/** One payout request as the queue shows it; a row the API returned without an id is dropped. */
export type StaffPayout = Omit<GPayout, 'id' | 'created' | 'status' | 'type' | 'referralRewards' | 'tax' | 'taxRate' | 'totalPayout' | 'customer'> & {
  id: string;
  created: string;
  status: PayoutStatus;
  type: G.PayoutType;
  referralRewards: number;
  /** The withholding tax and the rate (percent) it was taken at. */
  tax: { amount: number; localized: string };
  taxRate: number;
  totalPayout: { amount: number; localized: string };
  customer: PayoutCustomer | null;
};

/** The queue's page: its rows with the fallbacks the screen needs, the counts per status, the paging. */
export function toStaffPayouts(data: G.StaffPayoutsQuery) {
  const payouts: StaffPayout[] = (data.payoutRequests?.edges ?? []).flatMap(({ node: p }) =>
    p.id
      ? [{
          ...p,
          id: p.id,
          created: p.created ?? '',
          status: p.status ?? 'PENDING',
          type: p.type ?? 'BANK',
          referralRewards: p.referralRewards ?? 0,
          tax: { amount: p.tax?.amount ?? 0, localized: p.tax?.localized ?? '' },
          taxRate: p.taxRate ?? 0,
          totalPayout: { amount: p.totalPayout?.amount ?? 0, localized: p.totalPayout?.localized ?? '' },
          customer: toPayoutCustomer(p.customer),
        }]
      : [],
  );
  return {
    payouts,
    counts: countsByStatus(data.payoutRequestCounts),
    pageInfo: data.payoutRequests?.pageInfo ?? null,
    totalCount: data.payoutRequests?.totalCount ?? 0,
  };
}

/** The number of requests per status; a status the API left out counts 0. */
export function countsByStatus(counts: G.StaffPayoutCountsQuery['payoutRequestCounts']): Record<PayoutStatus, number> {
  const result: Record<PayoutStatus, number> = { PENDING: 0, PROCESSING: 0, PAID: 0, REJECTED: 0 };
  for (const c of counts ?? []) if (c.status) result[c.status] = c.count ?? 0;
  return result;
}

export const StaffPayoutCountsQuery = operation<G.StaffPayoutCountsQuery, G.StaffPayoutCountsQueryVariables>(/* GraphQL */ `
  query StaffPayoutCounts {
    payoutRequestCounts { status count }
    referralFlags(first: 0, filter: { open: true }) { totalCount }
  }
`);

export const StaffPayoutsCsvQuery = operation<G.StaffPayoutsCsvQuery, G.StaffPayoutsCsvQueryVariables>(/* GraphQL */ `
  query StaffPayoutsCsv($status: [PayoutStatus!]) {
    payoutRequestsCsv(filter: { status: $status })
  }
`);

export const PayoutMarkProcessingMutation = operation<G.PayoutMarkProcessingMutation, G.PayoutMarkProcessingMutationVariables>(/* GraphQL */ `
  mutation PayoutMarkProcessing($id: ID!) {
    payoutMarkProcessing(id: $id) { payout { id status } errors { field message } }
  }
`);

export const PayoutBulkMarkProcessingMutation = operation<G.PayoutBulkMarkProcessingMutation, G.PayoutBulkMarkProcessingMutationVariables>(/* GraphQL */ `
  mutation PayoutBulkMarkProcessing($ids: [ID!]!) {
    payoutBulkMarkProcessing(ids: $ids) { count errors { field message } }
  }
`);

export const PayoutMarkPaidMutation = operation<G.PayoutMarkPaidMutation, G.PayoutMarkPaidMutationVariables>(/* GraphQL */ `
  mutation PayoutMarkPaid($id: ID!, $reference: String!) {
    payoutMarkPaid(id: $id, reference: $reference) { payout { id status } errors { field message } }
  }
`);

export const PayoutRejectMutation = operation<G.PayoutRejectMutation, G.PayoutRejectMutationVariables>(/* GraphQL */ `
  mutation PayoutReject($id: ID!, $reason: String!) {
    payoutReject(id: $id, reason: $reason) { payout { id status } errors { field message } }
  }
`);

export const REFERRAL_FLAG_REASONS = ['SAME_PERSON_PHONE', 'SAME_PERSON_BANK', 'SAME_PERSON_GCASH', 'SAME_PERSON_CARD', 'SHARED_IP', 'SHARED_DEVICE'] as const satisfies readonly G.ReferralFlagReason[];
export type ReferralFlagReason = G.ReferralFlagReason;

export const StaffReferralFlagsQuery = operation<G.StaffReferralFlagsQuery, G.StaffReferralFlagsQueryVariables>(/* GraphQL */ `
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

export const ReferralFlagReviewMutation = operation<G.ReferralFlagReviewMutation, G.ReferralFlagReviewMutationVariables>(/* GraphQL */ `
  mutation ReferralFlagReview($id: ID!, $decision: ReferralFlagDecision!) {
    referralFlagReview(id: $id, decision: $decision) { referralFlag { id decision } errors { field message } }
  }
`);

type GFlag = NonNullable<G.StaffReferralFlagsQuery['referralFlags']>['edges'][number]['node'];

/** One flagged purchase as the review screen shows it; a row without an id is dropped. */
export type StaffReferralFlag = {
  id: string;
  created: string;
  reason: ReferralFlagReason | null;
  detail: string;
  reviewable: boolean;
  decision: G.ReferralFlagDecision | null;
  decidedAt: string | null;
  order: { number: string; referenceKey: string; total: string } | null;
  patron: StaffCustomer | null;
  commissioner: StaffCustomer | null;
  rewards: { level: number; points: number; state: G.ReferralFlagRewardState | null; commissioner: StaffCustomer | null }[];
};

function toFlag(f: GFlag & { id: string }): StaffReferralFlag {
  return {
    id: f.id,
    created: f.created ?? '',
    reason: f.reason,
    detail: f.detail ?? '',
    reviewable: f.reviewable ?? false,
    decision: f.decision,
    decidedAt: f.decidedAt,
    order: f.order ? { number: f.order.number ?? '', referenceKey: f.order.referenceKey ?? '', total: f.order.total?.gross?.localized ?? '' } : null,
    patron: toCustomer(f.patron),
    commissioner: toCustomer(f.commissioner),
    rewards: (f.rewards ?? []).map((r) => ({ level: r.level ?? 0, points: r.points ?? 0, state: r.state, commissioner: toCustomer(r.commissioner) })),
  };
}

export function toReferralFlags(data: G.StaffReferralFlagsQuery) {
  const flags = data.referralFlags;
  return {
    flags: (flags?.edges ?? []).flatMap(({ node }) => (node.id ? [toFlag({ ...node, id: node.id })] : [])),
    pageInfo: flags?.pageInfo ?? null,
    totalCount: flags?.totalCount ?? 0,
  };
}
