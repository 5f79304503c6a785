// The back office's payout API (MANAGE_PAYOUTS): the queue of requests with counts per status,
// moving them PENDING -> PROCESSING -> PAID (with the transfer reference) or REJECTED (the
// points return), one at a time or PENDING ones in bulk, and the CSV for the bank. Scopes
// refuse early; the services check the same permission again.
import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder';
import type { ServiceContext } from '../../graphql/context';
import { requireRowId } from '../../graphql/node-key';
import { ErrorRef, runMutation, type WithErrors } from '../../graphql/types/errors';
import { getUserContacts, type PublicProfile } from '../accounts/accounts.service';
import { contextLoader } from '../catalogue/catalogue.loaders';
import type { PayoutRow } from './payouts.service';
import {
  exportPayoutsCsv,
  listPayoutQueue,
  markPayoutPaid,
  markPayoutProcessing,
  markPayoutsProcessing,
  PAYOUT_STAFF_MESSAGES,
  payoutQueueCounts,
  rejectPayout,
} from './payouts-staff.service';
import { PayoutRef, PayoutStatusEnum } from './referrals.schema';
import { decodeCursor, encodeCursor } from './referrals.service';
import { keysetConnection } from '../../graphql/pagination';
import { PAYOUT_STATUSES, type PayoutStatus } from './referrals.tables';

export type UserContact = PublicProfile & { email: string };

/** A customer as staff see them on payout and fraud screens. */
export const StaffCustomerRef = builder.objectRef<UserContact>('StaffCustomer').implement({
  description: 'A customer as the back office shows them.',
  fields: (t) => ({
    id: t.id({ resolve: (u) => encodeGlobalID('User', u.id) }),
    email: t.exposeString('email'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
  }),
});

/** Names and emails of a page's customers in one query. */
export const contactOf = (ctx: ServiceContext, userId: number) =>
  contextLoader<UserContact | null>(ctx, 'referrals:staff-contacts', (ids) => getUserContacts(ctx, ids), () => null).load(userId);

/** The row id of a global id of this type; the "not found" refusal otherwise. */
export function staffRowIdOf(typename: string, id: string, message: string): number {
  return requireRowId(id, typename, { message });
}

const payoutIdOf = (id: string) => staffRowIdOf('Payout', id, PAYOUT_STAFF_MESSAGES.notFound);

builder.objectFields(PayoutRef, (t) => ({
  customer: t.field({
    type: StaffCustomerRef,
    nullable: true,
    description: 'Staff (MANAGE_PAYOUTS): who requested it.',
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    resolve: (p, _args, ctx) => contactOf(ctx, p.userId),
  }),
  accountName: t.exposeString('accountName', { nullable: true, description: 'The bank account holder (BANK), as saved at request time.' }),
  accountNumber: t.exposeString('accountNumber', { nullable: true, description: 'The bank account number (BANK), as saved at request time.' }),
  reference: t.exposeString('reference', { nullable: true, description: "The bank's or GCash's transfer reference, once PAID." }),
  rejectReason: t.exposeString('rejectReason', { nullable: true, description: 'Why staff rejected it.' }),
  processingAt: t.expose('processingAt', { type: 'DateTime', nullable: true }),
  paidAt: t.expose('paidAt', { type: 'DateTime', nullable: true }),
  rejectedAt: t.expose('rejectedAt', { type: 'DateTime', nullable: true }),
}));

const PayoutFilterInput = builder.inputType('PayoutFilterInput', {
  fields: (t) => ({ status: t.field({ type: [PayoutStatusEnum], description: 'Any of these statuses; all when empty.' }) }),
});

const StaffPayoutConnection = builder.connectionObject({ type: PayoutRef, name: 'StaffPayoutCountableConnection' });

builder.queryField('payoutRequests', (t) =>
  t.connection(
    {
      type: PayoutRef,
      description: 'Staff (MANAGE_PAYOUTS): payout requests; open ones (PENDING, PROCESSING) oldest first, any list with closed ones newest first.',
      authScopes: { permission: 'MANAGE_PAYOUTS' },
      args: { filter: t.arg({ type: PayoutFilterInput }) },
      resolve: (_root, args, ctx) =>
        keysetConnection(
          () =>
            listPayoutQueue(ctx, {
              statuses: args.filter?.status as PayoutStatus[] | null,
              first: args.first,
              last: args.last,
              afterId: decodeCursor('payout', args.after),
              beforeId: decodeCursor('payout', args.before),
            }),
          (row) => encodeCursor('payout', row.id),
        ),
    },
    StaffPayoutConnection,
  ),
);

const PayoutStatusCountRef = builder.objectRef<{ status: PayoutStatus; count: number }>('PayoutStatusCount').implement({
  fields: (t) => ({ status: t.field({ type: PayoutStatusEnum, resolve: (r) => r.status }), count: t.exposeInt('count') }),
});

builder.queryField('payoutRequestCounts', (t) =>
  t.field({
    type: [PayoutStatusCountRef],
    description: 'Staff (MANAGE_PAYOUTS): how many requests each status has.',
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    resolve: async (_root, _args, ctx) => {
      const counts = await payoutQueueCounts(ctx);
      return PAYOUT_STATUSES.map((status) => ({ status, count: counts[status] }));
    },
  }),
);

builder.queryField('payoutRequestsCsv', (t) =>
  t.string({
    description: "Staff (MANAGE_PAYOUTS): the requests of these statuses (PROCESSING when none given) as CSV for the bank's bulk transfer, oldest first.",
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: { filter: t.arg({ type: PayoutFilterInput }) },
    resolve: (_root, args, ctx) => exportPayoutsCsv(ctx, { statuses: args.filter?.status as PayoutStatus[] | null }),
  }),
);

function payoutPayload(name: string) {
  return builder.objectRef<WithErrors<{ payout: PayoutRow }>>(name).implement({
    fields: (t) => ({
      payout: t.field({ type: PayoutRef, nullable: true, resolve: (p) => p.payout ?? null }),
      errors: t.field({ type: [ErrorRef], resolve: (p) => p.errors }),
    }),
  });
}

builder.mutationField('payoutMarkProcessing', (t) =>
  t.field({
    type: payoutPayload('PayoutMarkProcessing'),
    description: 'Staff (MANAGE_PAYOUTS): PENDING -> PROCESSING (the transfer is being sent).',
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ payout: await markPayoutProcessing(ctx, payoutIdOf(String(args.id))) })),
  }),
);

const PayoutBulkMarkProcessing = builder
  .objectRef<WithErrors<{ count: number; payouts: PayoutRow[] }>>('PayoutBulkMarkProcessing')
  .implement({
    fields: (t) => ({
      count: t.int({ description: 'How many requests moved.', resolve: (p) => p.count ?? 0 }),
      payouts: t.field({ type: [PayoutRef], resolve: (p) => p.payouts ?? [] }),
      errors: t.field({ type: [ErrorRef], description: 'One per request that did not move (no longer PENDING, or unknown).', resolve: (p) => p.errors }),
    }),
  });

builder.mutationField('payoutBulkMarkProcessing', (t) =>
  t.field({
    type: PayoutBulkMarkProcessing,
    description: 'Staff (MANAGE_PAYOUTS): the given PENDING requests -> PROCESSING in one transaction; the others are reported in errors.',
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: { ids: t.arg.idList({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const result = await runMutation(async () => {
        const { moved, errors } = await markPayoutsProcessing(ctx, args.ids.map((id) => payoutIdOf(String(id))));
        return { count: moved.length, payouts: moved, bulkErrors: errors };
      });
      return { ...result, errors: [...result.errors, ...(result.bulkErrors ?? [])] };
    },
  }),
);

builder.mutationField('payoutMarkPaid', (t) =>
  t.field({
    type: payoutPayload('PayoutMarkPaid'),
    description: "Staff (MANAGE_PAYOUTS): PROCESSING -> PAID, with the bank's or GCash's transfer reference.",
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: { id: t.arg.id({ required: true }), reference: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ payout: await markPayoutPaid(ctx, payoutIdOf(String(args.id)), args.reference) })),
  }),
);

builder.mutationField('payoutReject', (t) =>
  t.field({
    type: payoutPayload('PayoutReject'),
    description: "Staff (MANAGE_PAYOUTS): PENDING or PROCESSING -> REJECTED, with the reason; the points return to the commissioner's balance.",
    authScopes: { permission: 'MANAGE_PAYOUTS' },
    args: { id: t.arg.id({ required: true }), reason: t.arg.string({ required: true }) },
    resolve: (_root, args, ctx) => runMutation(async () => ({ payout: await rejectPayout(ctx, payoutIdOf(String(args.id)), args.reason) })),
  }),
);
