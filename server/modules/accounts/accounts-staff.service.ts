// Accounts of staff members: the back office's invitation (a new account, or an existing
// customer made staff) and the list of staff. Permissions are the staff module's; it calls these.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../graphql/context';
import { staffInvitationEmail } from '../notifications/email-templates';
import { sendEmail } from '../notifications/notifications.service';
import { issueAccountToken, RESET_PASSWORD_MINUTES } from './account-tokens.service';
import type { UserRow } from './accounts.service';
import { users } from './accounts.tables';

/** Makes the account with this email staff, creating it (without a password) when new. In the caller's transaction. */
export async function ensureStaffAccount(
  ctx: ServiceContext,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ user: UserRow; created: boolean; wasStaff: boolean }> {
  const email = input.email.trim();
  const [existing] = await ctx.db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase())).for('update');
  if (existing) {
    const [user] = await ctx.db.update(users).set({ isStaff: true }).where(eq(users.id, existing.id)).returning();
    return { user: user!, created: false, wasStaff: existing.isStaff };
  }
  const [user] = await ctx.db.insert(users).values({ email, firstName: input.firstName, lastName: input.lastName, isStaff: true }).returning();
  return { user: user!, created: true, wasStaff: false };
}

/** Emails a staff member without a password a link to set one (the reset-password link, 60 minutes). */
export async function sendStaffInvitation(ctx: ServiceContext, user: UserRow): Promise<void> {
  const secret = await issueAccountToken(ctx.db, user, 'reset_password');
  const params = new URLSearchParams({ token: secret.token, uid: secret.uid });
  await sendEmail(
    ctx,
    staffInvitationEmail({ to: user.email, firstName: user.firstName, link: `${ctx.config.publicUrl}/reset?${params.toString()}`, minutes: RESET_PASSWORD_MINUTES }),
  );
}

export async function listStaffAccounts(ctx: ServiceContext): Promise<UserRow[]> {
  return ctx.db.select().from(users).where(and(eq(users.isStaff, true))).orderBy(asc(users.email)).limit(500);
}

export async function getStaffAccount(ctx: ServiceContext, userId: number): Promise<UserRow | null> {
  const [row] = await ctx.db.select().from(users).where(and(eq(users.id, userId), eq(users.isStaff, true)));
  return row ?? null;
}
