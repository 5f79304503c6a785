// Staff access: who holds which back-office permission (a superuser holds all), the one check
// every staff service calls (requirePermission), and the log of who did what and when. It is
// infrastructure (docs/decisions/046-one-way-modules.md): every module's staff services use it,
// so it imports no domain module.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { STAFF_MESSAGES, STAFF_PERMISSIONS, type StaffPermission } from '../../../common/staff/permissions';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { staffActions, staffPermissions } from './staff-access.tables';

type SessionUser = NonNullable<ServiceContext['user']>;

export type StaffActionRow = typeof staffActions.$inferSelect;

// One lookup per signed-in user per request: keyed on the session user object, which every
// copy of the context ({ ...ctx, db: tx }) shares.
const permissionCache = new WeakMap<SessionUser, Promise<ReadonlySet<StaffPermission>>>();

/** The permissions a user holds: none for visitors and customers, all for a staff superuser. */
export function permissionsOf(ctx: Pick<ServiceContext, 'db' | 'user'>): Promise<ReadonlySet<StaffPermission>> {
  const user = ctx.user;
  if (!user?.isStaff) return Promise.resolve(new Set());
  if (user.isSuperuser) return Promise.resolve(new Set(STAFF_PERMISSIONS));
  let cached = permissionCache.get(user);
  if (!cached) {
    cached = ctx.db
      .select({ permission: staffPermissions.permission })
      .from(staffPermissions)
      .where(eq(staffPermissions.userId, user.id))
      .then((rows) => new Set(rows.map((r) => r.permission)));
    permissionCache.set(user, cached);
  }
  return cached;
}

export async function hasPermission(ctx: Pick<ServiceContext, 'db' | 'user'>, permission: StaffPermission): Promise<boolean> {
  return (await permissionsOf(ctx)).has(permission);
}

/** Throws the refusal (a DomainError) unless the caller is staff holding `permission`. */
export async function requirePermission(ctx: Pick<ServiceContext, 'db' | 'user'>, permission: StaffPermission): Promise<SessionUser> {
  if (!ctx.user || !(await hasPermission(ctx, permission))) throw new DomainError(STAFF_MESSAGES.noPermission);
  return ctx.user;
}

/** The permissions granted to these users (superusers are not listed: they hold all). */
export async function grantedPermissions(ctx: ServiceContext, userIds: readonly number[]): Promise<Map<number, StaffPermission[]>> {
  const byUser = new Map<number, StaffPermission[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return byUser;
  const rows = await ctx.db
    .select()
    .from(staffPermissions)
    .where(inArray(staffPermissions.userId, [...userIds]))
    .orderBy(asc(staffPermissions.permission));
  for (const row of rows) byUser.get(row.userId)?.push(row.permission);
  return byUser;
}

/** Replaces a staff member's permissions (MANAGE_STAFF), in one transaction. */
export async function setPermissions(ctx: ServiceContext, userId: number, permissions: readonly StaffPermission[]): Promise<StaffPermission[]> {
  await requirePermission(ctx, 'MANAGE_STAFF');
  return ctx.db.transaction((db) => replacePermissionsInTransaction({ ...ctx, db }, userId, permissions));
}

/** The write of setPermissions inside the caller's transaction; the caller checked MANAGE_STAFF. */
export async function replacePermissionsInTransaction(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  userId: number,
  permissions: readonly StaffPermission[],
): Promise<StaffPermission[]> {
  const wanted = [...new Set(permissions)].filter((p) => STAFF_PERMISSIONS.includes(p)).sort();
  await ctx.db.delete(staffPermissions).where(eq(staffPermissions.userId, userId));
  if (wanted.length > 0) {
    await ctx.db.insert(staffPermissions).values(wanted.map((permission) => ({ userId, permission, grantedBy: ctx.user?.id ?? null })));
  }
  await logStaffAction(ctx, { action: 'permissionsSet', subjectType: 'user', subjectId: userId, note: wanted.join(', ') || null });
  return wanted;
}

/** Records a back-office action by the signed-in staff member, in the caller's transaction. */
export async function logStaffAction(
  ctx: Pick<ServiceContext, 'db' | 'user'>,
  entry: { action: string; subjectType: string; subjectId: number; note?: string | null },
): Promise<StaffActionRow> {
  if (!ctx.user) throw new Error('logStaffAction needs a signed-in user');
  const [row] = await ctx.db
    .insert(staffActions)
    .values({ actorUserId: ctx.user.id, note: entry.note ?? null, action: entry.action, subjectType: entry.subjectType, subjectId: entry.subjectId })
    .returning();
  return row!;
}

/** What staff did to one subject (e.g. an order), oldest first. */
export async function staffActionsOf(ctx: ServiceContext, subjectType: string, subjectId: number): Promise<StaffActionRow[]> {
  return ctx.db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.subjectType, subjectType), eq(staffActions.subjectId, subjectId)))
    .orderBy(asc(staffActions.createdAt), asc(staffActions.id));
}
