// The Commissioner programme in the API (spec 2: me.referrals, level1/level2ReferralCount,
// referralRewards, referralRewardsLogs, totalPendingPayout, totalClaimedPayout, useReferralCode).
import { encodeGlobalID } from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import { builder } from '../../graphql/builder';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { MoneyRef } from '../../graphql/types/money';
import { UserRef, type UserRow } from '../accounts/accounts.schema';
import {
  encodeCursor,
  InvalidCursorError,
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
  type Page,
  type Referral,
  type RewardRow,
} from './referrals.service';

/** A connection answer from a service page. */
function toConnection<T>(page: Page<T>, cursorOf: (row: T) => string) {
  const edges = page.rows.map((row) => ({ cursor: cursorOf(row), node: row }));
  return {
    edges,
    totalCount: page.totalCount,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}

async function paged<T>(work: () => Promise<Page<T>>, cursorOf: (row: T) => string) {
  try {
    return toConnection(await work(), cursorOf);
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new GraphQLError('Invalid cursor', { extensions: { code: 'BAD_USER_INPUT' } });
    throw error;
  }
}

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

builder.objectFields(UserRef, (t) => ({
  referrals: t.connection(
    {
      type: ReferralRef,
      description: 'Level 1 patrons, newest first, each with their own patrons (level 2). Forward paging only.',
      resolve: (user, args, ctx) => {
        if (args.last != null || args.before != null) {
          throw new GraphQLError('referrals pages forward only (first, after).', { extensions: { code: 'BAD_USER_INPUT' } });
        }
        return paged(
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
        paged(
          () => (isViewer(user, ctx) ? listRewardLogs(ctx, args) : Promise.resolve({ rows: [], hasNextPage: false, hasPreviousPage: false, totalCount: 0 })),
          (r) => encodeCursor('reward', r.id),
        ),
    },
    ReferralRewardLogConnection,
  ),
  totalPendingPayout: t.field({
    type: MoneyRef,
    description: 'Payouts requested and not yet paid (always 0 until payouts exist).',
    resolve: () => 0,
  }),
  totalClaimedPayout: t.field({
    type: MoneyRef,
    description: 'Payouts paid out (always 0 until payouts exist).',
    resolve: () => 0,
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

builder.queryFields((t) => ({
  referralDiscount: t.string({
    description: 'What a Commissioner Key gives at sign-up, as the storefront shows it.',
    resolve: () => referralDiscount(),
  }),
  referralRegistrationLink: t.string({
    nullable: true,
    description: "The signed-in verified user's share link (the shop with their code as signup_token); null otherwise.",
    resolve: (_root, _args, ctx) => referralRegistrationLink(ctx),
  }),
}));
