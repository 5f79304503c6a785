// The referral tree: who is whose commissioner (users.parent_id, ADR 016): the two levels of
// patrons under a user, and the two ancestors a reward goes to (linking is accounts'
// commissioner-link.service.ts). Every read
// stops at two levels, so its cost depends on the page asked for, not on the tree's size.
import { and, count, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { users, userVouchers } from '../accounts/accounts.tables';
import { rowsOf } from '../accounts/commissioner-link.service';
import { purchaseOrigins } from './referrals.tables';

/** What a commissioner sees of a patron: no password, address or token columns. */
export type PatronRow = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  referralCode: string;
  dateJoined: Date;
  parentId: number | null;
  linkedAt: Date | null;
};

const patronColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  referralCode: users.referralCode,
  dateJoined: users.dateJoined,
  parentId: users.parentId,
  linkedAt: users.parentLinkedAt,
};

/** The user's first-purchase voucher code, if they have one. */
export async function voucherCodeOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ code: userVouchers.code }).from(userVouchers).where(eq(userVouchers.userId, userId)).limit(1);
  return row?.code ?? null;
}

/** The buyer's parent (level 1) and grandparent (level 2), in one statement. */
export async function ancestorsOf(db: Database, userId: number): Promise<{ level1: number | null; level2: number | null }> {
  const parent = alias(users, 'parent');
  const [row] = await db
    .select({ level1: users.parentId, level2: parent.parentId })
    .from(users)
    .leftJoin(parent, eq(parent.id, users.parentId))
    .where(eq(users.id, userId));
  return { level1: row?.level1 ?? null, level2: row?.level2 ?? null };
}

/**
 * How many referred accounts (users with a commissioner) placed an order from this IP or
 * device since `since` (the shared-origin fraud rule; purchase_origins is this module's table).
 */
export async function referredBuyersFrom(
  db: Database,
  origin: { column: 'ip' | 'deviceId'; value: string },
  since: Date,
): Promise<number> {
  const column = origin.column === 'ip' ? purchaseOrigins.ip : purchaseOrigins.deviceId;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${purchaseOrigins.userId})::int` })
    .from(purchaseOrigins)
    .innerJoin(users, eq(users.id, purchaseOrigins.userId))
    .where(and(eq(column, origin.value), gte(purchaseOrigins.createdAt, since), isNotNull(users.parentId)));
  return row?.n ?? 0;
}

/** Level 1 patrons: users whose parent is this user. */
export async function countLevel1(db: Database, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.parentId, userId));
  return row?.n ?? 0;
}

/** Level 2 patrons: users whose parent is one of this user's level 1 patrons. */
export async function countLevel2(db: Database, userId: number): Promise<number> {
  const child = alias(users, 'child');
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(child, eq(child.parentId, users.id))
    .where(eq(users.parentId, userId));
  return row?.n ?? 0;
}

/** A page of this user's level 1 patrons, newest first (keyset on the id). */
export async function listLevel1(
  db: Database,
  userId: number,
  page: { limit: number; beforeId: number | null },
): Promise<PatronRow[]> {
  const conditions = [eq(users.parentId, userId)];
  if (page.beforeId !== null) conditions.push(lt(users.id, page.beforeId));
  return db
    .select(patronColumns)
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.id))
    .limit(page.limit);
}

/** The newest `limit` children of each of these users, in one statement. */
export async function childrenOf(db: Database, parentIds: readonly number[], limit: number): Promise<Map<number, PatronRow[]>> {
  const byParent = new Map<number, PatronRow[]>(parentIds.map((id) => [id, []]));
  if (parentIds.length === 0 || limit <= 0) return byParent;
  const result = await db.execute(sql`
    select c.id, c.email, c.first_name, c.last_name, c.referral_code, c.date_joined, c.parent_id, c.parent_linked_at
    from unnest(${`{${parentIds.join(',')}}`}::int[]) as p(id)
    cross join lateral (
      select * from ${users} u where u.parent_id = p.id order by u.id desc limit ${limit}
    ) c
    order by c.id desc`);
  const rows = rowsOf<{
    id: number;
    email: string;
    first_name: string;
    last_name: string;
    referral_code: string;
    date_joined: Date | string;
    parent_id: number;
    parent_linked_at: Date | string | null;
  }>(result);
  for (const r of rows) {
    byParent.get(Number(r.parent_id))?.push({
      id: Number(r.id),
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      referralCode: r.referral_code,
      dateJoined: new Date(r.date_joined),
      parentId: Number(r.parent_id),
      linkedAt: r.parent_linked_at === null ? null : new Date(r.parent_linked_at),
    });
  }
  return byParent;
}

/** How many children each of these users has, in one statement. */
export async function childCounts(db: Database, parentIds: readonly number[]): Promise<Map<number, number>> {
  if (parentIds.length === 0) return new Map();
  const rows = await db
    .select({ parentId: users.parentId, n: count() })
    .from(users)
    .where(inArray(users.parentId, [...parentIds]))
    .groupBy(users.parentId);
  return new Map(rows.map((r) => [r.parentId!, r.n]));
}

/** These users, if each is a level 1 or level 2 patron of the commissioner (others are absent). */
export async function patronsOf(db: Database, commissionerId: number, ids: readonly number[]): Promise<Map<number, PatronRow>> {
  if (ids.length === 0) return new Map();
  const parent = alias(users, 'parent');
  const rows = await db
    .select(patronColumns)
    .from(users)
    .leftJoin(parent, eq(parent.id, users.parentId))
    .where(
      and(
        inArray(users.id, [...ids]),
        sql`(${users.parentId} = ${commissionerId} or ${parent.parentId} = ${commissionerId})`,
      ),
    );
  return new Map(rows.map((r) => [r.id, r]));
}
