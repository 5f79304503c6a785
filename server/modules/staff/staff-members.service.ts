// Managing staff (MANAGE_STAFF): invite a member by email with their permissions, change the
// permissions, list everyone. Accounts are the accounts module's; permissions are ours.
import { z } from 'zod';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN } from '../../../common/validation/account';
import { STAFF_PERMISSIONS, type StaffPermission } from '../../../common/staff/permissions';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import type { UserRow } from '../accounts/accounts.service';
import { ensureStaffAccount, getStaffAccount, listStaffAccounts, sendStaffInvitation } from '../accounts/accounts-staff.service';
import { grantedPermissions, logStaffAction, replacePermissionsInTransaction, requirePermission, setPermissions } from '../system/staff-access.service';

export const STAFF_MEMBER_MESSAGES = {
  notFound: 'Staff member not found.',
  superuser: 'A superuser holds every permission.',
} as const;

export const staffInviteSchema = z.object({
  email: z.string().trim().max(254).regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.emailInvalid),
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  permissions: z.array(z.enum(STAFF_PERMISSIONS)).max(STAFF_PERMISSIONS.length).default([]),
});

export type StaffMember = UserRow & { permissions: StaffPermission[] };

/** staffCreate: a new account (emailed a link to set a password) or an existing one made staff; inviting again resends the link until a password is set. */
export async function inviteStaff(ctx: ServiceContext, input: unknown): Promise<StaffMember> {
  await requirePermission(ctx, 'MANAGE_STAFF');
  const parsed = validate(staffInviteSchema, input);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const { user, created, wasStaff, permissions } = await ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const result = await ensureStaffAccount(tx, parsed.data);
    await logStaffAction(tx, { action: 'staffInvite', subjectType: 'user', subjectId: result.user.id, note: result.user.email });
    const granted = await replacePermissionsInTransaction(tx, result.user.id, parsed.data.permissions);
    return { ...result, permissions: granted };
  });
  // A new account, or staff invited before who never set a password: (re)send the link.
  if (created || (wasStaff && !user.passwordHash)) await sendStaffInvitation(ctx, user);
  return { ...user, permissions };
}

/** staffUpdate: replaces a staff member's permissions. */
export async function updateStaffPermissions(ctx: ServiceContext, userId: number, permissions: readonly StaffPermission[]): Promise<StaffMember> {
  await requirePermission(ctx, 'MANAGE_STAFF');
  const user = await getStaffAccount(ctx, userId);
  if (!user) throw new DomainError(STAFF_MEMBER_MESSAGES.notFound, 'id');
  if (user.isSuperuser) throw new DomainError(STAFF_MEMBER_MESSAGES.superuser, 'permissions');
  return { ...user, permissions: await setPermissions(ctx, user.id, permissions) };
}

/** staffUsers: every staff member with their permissions (a superuser's are all). */
export async function listStaff(ctx: ServiceContext): Promise<StaffMember[]> {
  await requirePermission(ctx, 'MANAGE_STAFF');
  const accounts = await listStaffAccounts(ctx);
  const granted = await grantedPermissions(ctx, accounts.map((a) => a.id));
  return accounts.map((a) => ({ ...a, permissions: a.isSuperuser ? [...STAFF_PERMISSIONS] : (granted.get(a.id) ?? []) }));
}
