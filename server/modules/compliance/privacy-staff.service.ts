// The back office's list of privacy requests (exports and erasures, with what became of them):
// staff who handle customers' orders (MANAGE_ORDERS) follow up a refused erasure once its orders
// are closed, and answer the National Privacy Commission for a completed one.
import { desc, eq } from 'drizzle-orm';
import type { PrivacyRequestKind, PrivacyRequestStatus } from '../../../common/compliance/privacy';
import type { ServiceContext } from '../../graphql/context';
import { users } from '../accounts/accounts.tables';
import { requirePermission } from '../system/staff-access.service';
import { privacyRequests } from './privacy.tables';

export type PrivacyRequestView = {
  id: number;
  userId: number;
  /** The account's email now: the blanked one after an erasure. */
  email: string | null;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  note: string;
  requestedAt: Date;
  completedAt: Date | null;
};

export const PRIVACY_REQUESTS_SHOWN = 200;

/** The newest requests first. */
export async function listPrivacyRequests(ctx: ServiceContext): Promise<PrivacyRequestView[]> {
  await requirePermission(ctx, 'MANAGE_ORDERS');
  const rows = await ctx.db
    .select({ request: privacyRequests, email: users.email })
    .from(privacyRequests)
    .leftJoin(users, eq(users.id, privacyRequests.userId))
    .orderBy(desc(privacyRequests.requestedAt), desc(privacyRequests.id))
    .limit(PRIVACY_REQUESTS_SHOWN);
  return rows.map(({ request, email }) => ({
    ...request,
    email,
    kind: request.kind as PrivacyRequestKind,
    status: request.status as PrivacyRequestStatus,
  }));
}
