// The Commissioner programme in the API (docs/product/referrals.md: me.referrals, level1/level2ReferralCount,
// referralRewards, referralRewardsLogs, totalPendingPayout, totalClaimedPayout, useReferralCode,
// payouts, claimPayout, referralQrCode).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder';
import { keysetConnection } from '../../graphql/pagination';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef } from '../../graphql/types/money';
import { UserRef, type UserRow } from '../accounts/accounts.schema';
import {
  decodeCursor,
  encodeCursor,
  level1ReferralCount,
  level2ReferralCount,
  levelTwoUnder,
  listReferrals,
  listRewardLogs,
  pointsFromPatron,
  referralBalance,
  referralDiscount,
  referralRegistrationLink,
  referralsCountOf,
  rewardPatron,
  useReferralCode,
  type Referral,
  type RewardRow,
} from './referrals.service';
import { claimPayout, payoutsOf, payoutSummary, type PayoutRow, type PayoutSummary } from './payouts.service';
import { referralCardPdf, referralQrCode } from './referral-share';
import { PAYOUT_STATUSES, PAYOUT_TYPES } from './referrals.tables';

/** Only the owner sees their programme (the User type is also visible to staff). */
const isViewer = (user: UserRow, ctx: { user: { id: number } | null }) => ctx.user?.id === user.id;

const ReferralRef = builder.objectRef<Referral>('Referral');
ReferralRef.implement({
  description: "A patron as their commissioner sees them: level 1 (the user's own) or level 2 (a patron's patron).",
  fields: (t) => ({
    id: t.id({ resolve: (r) => encodeGlobalID('Referral', r.id) }),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    referralCode: t.exposeString('referralCode'),
    dateJoined: t.expose('dateJoined', { type: 'DateTime' }),
    level: t.exposeInt('level', { description: '1 or 2, relative to the signed-in user.' }),
    referralRewards: t.int({
      description: 'Points the signed-in user has earned from this patron.',
      resolve: (r, _args, ctx) => pointsFromPatron(ctx, r.id),
    }),
    referrals: t.field({
      type: [ReferralRef],
      description: "A level 1 patron's own patrons (the signed-in user's level 2), newest first; empty below level 1.",
      args: { first: t.arg.int({ description: 'At most 100; 99 when not given.' }) },
      resolve: (r, args, ctx) => levelTwoUnder(ctx, r, args.first),
    }),
    referralsCount: t.int({
      description: 'How many patrons this level 1 patron has (0 below level 1).',
      resolve: (r, _args, ctx) => referralsCountOf(ctx, r),
    }),
  }),
});

const ReferralConnection = builder.connectionObject({ type: ReferralRef, name: 'ReferralCountableConnection' });

const ReferralRewardLogRef = builder.objectRef<RewardRow>('ReferralRewardLog').implement({
  description: 'One entry of the rewards log: points earned from a patron\'s order, or taken back (negative) after a refund.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => encodeGlobalID('ReferralRewardLog', r.id) }),
    date: t.expose('createdAt', { type: 'DateTime' }),
    level: t.exposeInt('level'),
    contribution: t.exposeInt('points', { description: 'Whole points (1 point = ₱1.00); negative for a reversal.' }),
    referral: t.field({
      type: ReferralRef,
      nullable: true,
      description: 'The patron whose order it was; null when they are no longer the user\'s patron (show an anonymous name).',
      resolve: (r, _args, ctx) => rewardPatron(ctx, r),
    }),
  }),
});

const ReferralRewardLogConnection = builder.connectionObject({
  type: ReferralRewardLogRef,
  name: 'ReferralRewardLogCountableConnection',
});

const PayoutTypeEnum = builder.enumType('PayoutType', { values: PAYOUT_TYPES });
export const PayoutStatusEnum = builder.enumType('PayoutStatus', {
  values: PAYOUT_STATUSES,
  description: 'PENDING -> PROCESSING -> PAID, or REJECTED (the points return to the balance).',
});

export const PayoutRef = builder.objectRef<PayoutRow>('Payout').implement({
  description: 'A request to pay out referral points to GCash or a bank account.',
  fields: (t) => ({
    id: t.id({ resolve: (p) => encodeGlobalID('Payout', p.id) }),
    created: t.expose('createdAt', { type: 'DateTime' }),
    status: t.expose('status', { type: PayoutStatusEnum }),
    type: t.expose('type', { type: PayoutTypeEnum }),
    referralRewards: t.exposeInt('points', { description: 'Points claimed (1 point = ₱1.00).' }),
    transactionFee: t.field({ type: MoneyRef, resolve: (p) => p.transactionFee }),
    tax: t.field({ type: MoneyRef, resolve: (p) => p.tax }),
    totalPayout: t.field({ type: MoneyRef, description: 'What is sent: points less fee and tax.', resolve: (p) => p.totalPayout }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true, description: 'The GCash number (GCASH).' }),
    bankCode: t.exposeString('bankCode', { nullable: true, description: 'The bank (BANK), as saved at request time.' }),
  }),
});

const PayoutConnection = builder.connectionObject({ type: PayoutRef, name: 'PayoutCountableConnection' });

const PayoutSummaryRef = builder.objectRef<PayoutSummary>('PayoutSummary').implement({
  fields: (t) => ({
    availablePoints: t.exposeInt('availablePoints', { description: 'Points that can be claimed now.' }),
    heldPoints: t.exposeInt('heldPoints', { description: 'Points earned but still within the refund window or under review.' }),
    heldPointsNextFreeAt: t.expose('heldPointsNextFreeAt', {
      type: 'DateTime',
      nullable: true,
      description: "When the first of the held points can be claimed (its order's refund window ends); null when none waits on a date.",
    }),
    pointsUnderReview: t.exposeInt('pointsUnderReview', { description: "Held points waiting for staff's review of the purchase: they have no date." }),
    pendingPayout: t.field({ type: MoneyRef, resolve: (s) => s.pendingPayout }),
    claimedPayout: t.field({ type: MoneyRef, resolve: (s) => s.claimedPayout }),
    minimumPoints: t.exposeInt('minimumPoints'),
    transactionFee: t.field({ type: MoneyRef, resolve: (s) => s.transactionFee }),
    taxRate: t.float({ description: 'Withholding tax, percent of the points claimed.', resolve: (s) => s.taxRate / 100 }),
  }),
});

const ReferralQrCodeRef = builder.objectRef<{ url: string; alt: string }>('ReferralQrCode').implement({
  fields: (t) => ({ url: t.exposeString('url'), alt: t.exposeString('alt') }),
});

builder.objectFields(UserRef, (t) => ({
  referrals: t.connection(
    {
      type: ReferralRef,
      description: 'Level 1 patrons, newest first, each with their own patrons (level 2). Forward paging only.',
      resolve: (user, args, ctx) => {
        if (args.last != null || args.before != null) {
          throw new GraphQLError('referrals pages forward only (first, after).', { extensions: { code: 'BAD_USER_INPUT' } });
        }
        return keysetConnection(
          () => (isViewer(user, ctx) ? listReferrals(ctx, args) : Promise.resolve({ rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 })),
          (r) => encodeCursor('referral', r.id),
        );
      },
    },
    ReferralConnection,
  ),
  level1ReferralCount: t.int({
    description: 'Level 1 patrons: users whose commissioner is this user.',
    resolve: (user, _args, ctx) => (isViewer(user, ctx) ? level1ReferralCount(ctx) : 0),
  }),
  level2ReferralCount: t.int({
    description: "Level 2 patrons: users whose commissioner is one of this user's level 1 patrons.",
    resolve: (user, _args, ctx) => (isViewer(user, ctx) ? level2ReferralCount(ctx) : 0),
  }),
  referralRewards: t.int({
    description: 'The points balance (1 point = ₱1.00): rewards earned less reversals.',
    resolve: (user, _args, ctx) => (isViewer(user, ctx) ? referralBalance(ctx) : 0),
  }),
  referralRewardsLogs: t.connection(
    {
      type: ReferralRewardLogRef,
      description: 'The rewards log, newest first.',
      resolve: (user, args, ctx) =>
        keysetConnection(
          () => (isViewer(user, ctx) ? listRewardLogs(ctx, args) : Promise.resolve({ rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 })),
          (r) => encodeCursor('reward', r.id),
        ),
    },
    ReferralRewardLogConnection,
  ),
  totalPendingPayout: t.field({
    type: MoneyRef,
    description: 'Payouts requested and not yet paid (PENDING or PROCESSING), after fee and tax.',
    resolve: async (user, _args, ctx) => (isViewer(user, ctx) ? (await payoutSummary(ctx.db, user.id)).pendingPayout : 0),
  }),
  totalClaimedPayout: t.field({
    type: MoneyRef,
    description: 'Payouts paid out, after fee and tax.',
    resolve: async (user, _args, ctx) => (isViewer(user, ctx) ? (await payoutSummary(ctx.db, user.id)).claimedPayout : 0),
  }),
  payoutSummary: t.field({
    type: PayoutSummaryRef,
    nullable: true,
    description: 'The summary cards of the Payouts page; null for anyone but the user.',
    resolve: (user, _args, ctx) => (isViewer(user, ctx) ? payoutSummary(ctx.db, user.id) : null),
  }),
  payouts: t.connection(
    {
      type: PayoutRef,
      description: 'Payout requests, newest first (50 a page unless first says otherwise). Forward paging only.',
      resolve: (user, args, ctx) =>
        keysetConnection(
          () =>
            isViewer(user, ctx)
              ? payoutsOf(ctx.db, user.id, { first: args.first, afterId: decodeCursor('payout', args.after) })
              : Promise.resolve({ rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 }),
          (p) => encodeCursor('payout', p.id),
        ),
    },
    PayoutConnection,
  ),
  referralQrCode: t.field({
    type: ReferralQrCodeRef,
    nullable: true,
    description: "A QR image (PNG data URL) of the user's share link; null unless the user is verified.",
    resolve: (user, _args, ctx) => (isViewer(user, ctx) ? referralQrCode(ctx, user) : null),
  }),
  referralCardPdf: t.string({
    nullable: true,
    description: 'The printable Commissioner card (code, QR code and link) as base64 PDF; null unless the user is verified.',
    resolve: async (user, _args, ctx) => {
      const pdf = isViewer(user, ctx) ? await referralCardPdf(ctx) : null;
      return pdf ? Buffer.from(pdf).toString('base64') : null;
    },
  }),
}));

const UseReferralCodePayload = builder
  .objectRef<WithErrors<{ user: UserRow; voucherCode: string | null; response: string }>>('UseReferralCode')
  .implement({
    fields: (t) => ({
      response: t.string({ nullable: true, resolve: (p) => p.response ?? p.errors[0]?.message ?? null }),
      user: t.field({ type: UserRef, nullable: true, description: 'The user, with their new parent.', resolve: (p) => p.user ?? null }),
      voucherCode: t.string({
        nullable: true,
        description: 'The one-time ₱100 first-purchase voucher the code gave.',
        resolve: (p) => p.voucherCode ?? null,
      }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('useReferralCode', (t) =>
  t.field({
    type: UseReferralCodePayload,
    description:
      "Makes the owner of this Commissioner Key the signed-in user's commissioner (once; never oneself or one's own patron) and gives the one-time ₱100 first-purchase voucher.",
    args: { referralCode: t.arg.string() },
    resolve: (_root, args, ctx) => runMutation(() => useReferralCode(ctx, { referralCode: args.referralCode })),
  }),
);

const ClaimPayoutPayload = builder.objectRef<WithErrors<{ user: UserRow; payout: PayoutRow }>>('ClaimPayout').implement({
  fields: (t) => ({
    user: t.field({ type: UserRef, nullable: true, resolve: (p) => p.user ?? null }),
    payout: t.field({ type: PayoutRef, nullable: true, resolve: (p) => p.payout ?? null }),
    errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    accountErrors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
  }),
});

builder.mutationField('claimPayout', (t) =>
  t.field({
    type: ClaimPayoutPayload,
    description:
      'Requests a payout of the whole available balance (at least 500 points) to GCash (phoneNumber: a mobile number as people write it, kept as +63 and 10 digits) or the saved bank account; ₱25 fee and the withholding tax come off.',
    args: { type: t.arg({ type: PayoutTypeEnum }), phoneNumber: t.arg.string() },
    resolve: (_root, args, ctx) => runMutation(() => claimPayout(ctx, { type: args.type, phoneNumber: args.phoneNumber })),
  }),
);

builder.queryFields((t) => ({
  referralDiscount: t.string({
    description: 'What a Commissioner Key gives at sign-up, as the storefront shows it.',
    resolve: () => referralDiscount(),
  }),
  referralRegistrationLink: t.string({
    nullable: true,
    description: "The signed-in verified user's share link (the shop with their code as signup_token); null otherwise.",
    resolve: (_root, _args, ctx) => referralRegistrationLink(ctx, ctx.sessionRow),
  }),
}));
