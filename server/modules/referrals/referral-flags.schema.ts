// The back office's fraud review (MANAGE_PAYOUTS): referred purchases the fraud rules stopped,
// with why, the patron, the commissioners and the order, and the review of a held one:
// approve (the rewards are released) or reject (withheld: reversed).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import type { ServiceContext } from '../../graphql/context';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { contextLoader } from '../catalogue/catalogue.loaders';
import { OrderRef } from '../orders/order-types.schema';
import { contactOf, staffRowIdOf, StaffCustomerRef } from './payouts-staff.schema';
import { FLAG_MESSAGES, listFlaggedPurchases, REVIEWABLE_REASONS, rewardsOfOrders, type FlagRow } from './referral-fraud.service';
import { decodeCursor, encodeCursor, reviewReferralFlag, type RewardRow } from './referrals.service';
import { keysetConnection } from '../../graphql/pagination';
import { FLAG_DECISIONS, FLAG_REASONS, type FlagReason } from './referrals.tables';

const ReferralFlagReasonEnum = builder.enumType('ReferralFlagReason', {
  values: FLAG_REASONS,
  description:
    'SAME_PERSON_*: the patron shares a phone, bank account, GCash number or saved card with the commissioner (no reward). SHARED_IP / SHARED_DEVICE: more than 3 referred accounts bought from one IP or device within 30 days (held for review).',
});
const ReferralFlagDecisionEnum = builder.enumType('ReferralFlagDecision', {
  values: FLAG_DECISIONS,
  description: 'APPROVED: the held rewards are released. REJECTED: they are withheld (reversed).',
});

const rewardsOf = (ctx: ServiceContext, orderId: number) =>
  contextLoader<RewardRow[]>(ctx, 'referrals:flag-rewards', (ids) => rewardsOfOrders(ctx, ids), () => []).load(orderId);

type RewardState = 'HELD' | 'AVAILABLE' | 'REVERSED';
const RewardStateEnum = builder.enumType('ReferralFlagRewardState', { values: ['HELD', 'AVAILABLE', 'REVERSED'] as const });

const ReferralFlagRewardRef = builder.objectRef<RewardRow & { state: RewardState }>('ReferralFlagReward').implement({
  description: "A reward the flagged order earned a commissioner, and where it stands.",
  fields: (t) => ({
    level: t.exposeInt('level'),
    points: t.exposeInt('points'),
    state: t.field({ type: RewardStateEnum, resolve: (r) => r.state }),
    commissioner: t.field({ type: StaffCustomerRef, nullable: true, resolve: (r, _args, ctx) => contactOf(ctx, r.userId) }),
  }),
});

const ReferralFlagRef = builder.objectRef<FlagRow>('ReferralFlag').implement({
  description: 'A referred purchase the fraud rules stopped.',
  fields: (t) => ({
    id: t.id({ resolve: (f) => encodeGlobalID('ReferralFlag', f.id) }),
    created: t.expose('createdAt', { type: 'DateTime' }),
    reason: t.field({ type: ReferralFlagReasonEnum, resolve: (f) => f.reason }),
    detail: t.exposeString('detail', { description: 'What matched: the IP, the device, or the phone, account or card (masked).' }),
    reviewable: t.boolean({ description: 'Whether staff decide it (shared IP or device, not yet decided).', resolve: (f) => REVIEWABLE_REASONS.includes(f.reason) && !f.decision }),
    decision: t.field({ type: ReferralFlagDecisionEnum, nullable: true, resolve: (f) => f.decision }),
    decidedAt: t.expose('decidedAt', { type: 'DateTime', nullable: true }),
    order: t.field({ type: OrderRef, nullable: true, resolve: (f) => f.orderId }),
    patron: t.field({ type: StaffCustomerRef, nullable: true, description: 'The referred buyer.', resolve: (f, _args, ctx) => contactOf(ctx, f.patronId) }),
    commissioner: t.field({
      type: StaffCustomerRef,
      nullable: true,
      description: 'The commissioner who looks like the patron (SAME_PERSON_*); null for a shared IP or device.',
      resolve: (f, _args, ctx) => (f.commissionerId === null ? null : contactOf(ctx, f.commissionerId)),
    }),
    rewards: t.field({
      type: [ReferralFlagRewardRef],
      description: "The order's rewards, by level: held until the review, available, or reversed.",
      resolve: async (f, _args, ctx) => {
        const rows = await rewardsOf(ctx, f.orderId);
        const reversed = new Set(rows.filter((r) => r.kind === 'REVERSED').map((r) => r.level));
        return rows
          .filter((r) => r.kind === 'EARNED')
          .map((r) => ({ ...r, state: reversed.has(r.level) ? 'REVERSED' : r.availableAt === null ? 'HELD' : 'AVAILABLE' }) as RewardRow & { state: RewardState });
      },
    }),
  }),
});

const ReferralFlagFilterInput = builder.inputType('ReferralFlagFilterInput', {
  fields: (t) => ({
    open: t.boolean({ description: 'Only purchases awaiting review.' }),
    reason: t.field({ type: [ReferralFlagReasonEnum] }),
  }),
});

const ReferralFlagConnection = builder.connectionObject({ type: ReferralFlagRef, name: 'ReferralFlagCountableConnection' });

builder.queryField('referralFlags', (t) =>
  t.connection(
    {
      type: ReferralFlagRef,
      description: 'Staff (MANAGE_PAYOUTS): referred purchases flagged by the fraud rules, newest first. Forward paging only.',
      authScopes: { permission: 'MANAGE_PAYOUTS' },
      args: { filter: t.arg({ type: ReferralFlagFilterInput }) },
      resolve: (_root, args, ctx) =>
        keysetConnection(
          () => listFlaggedPurchases(ctx, { open: args.filter?.open, reasons: args.filter?.reason as FlagReason[] | null, first: args.first, afterId: decodeCursor('flag', args.after) }),
          (row) => encodeCursor('flag', row.id),
        ),
    },
    ReferralFlagConnection,
  ),
);

const ReferralFlagReviewPayload = builder.objectRef<WithErrors<{ referralFlag: FlagRow }>>('ReferralFlagReview').implement({
  fields: (t) => ({
    referralFlag: t.field({ type: ReferralFlagRef, nullable: true, resolve: (p) => p.referralFlag ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('referralFlagReview', (t) =>
  t.field({
    type: ReferralFlagReviewPayload,
    description: 'Staff (MANAGE_PAYOUTS): decides a purchase held for a shared IP or device: APPROVED releases its rewards, REJECTED withholds them.',
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: { id: t.arg.id({ required: true }), decision: t.arg({ type: ReferralFlagDecisionEnum, required: true }) },
    resolve: (_root, args, ctx) =>
      runMutation(async () => ({ referralFlag: await reviewReferralFlag(ctx, staffRowIdOf('ReferralFlag', String(args.id), FLAG_MESSAGES.notFound), args.decision) })),
  }),
);
