// Consents as given (docs/decisions/054-privacy-rights.md): the cookie notice's "I Understand",
// recorded with the version of its text and the time, for the signed-in user and the visitor's
// random id (a visitor who signs in later stays linked by the same id).
import { and, desc, eq, or, type SQL } from 'drizzle-orm';
import { CONSENT_PURPOSES, COOKIE_NOTICE_VERSION, VISITOR_ID_PATTERN, type ConsentPurpose } from '../../../common/compliance/consent';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { consents } from './consent.tables';

export const CONSENT_MESSAGES = {
  purpose: 'Unknown consent.',
  version: 'This notice has changed: please reload the page and read it again.',
  subject: 'Please reload the page and try again.',
} as const;

/** The current version of each purpose's text: a consent to an older text is refused. */
const CURRENT_VERSION: Record<ConsentPurpose, string> = { COOKIES: COOKIE_NOTICE_VERSION };

export type ConsentRow = typeof consents.$inferSelect;

export async function recordConsent(
  ctx: ServiceContext,
  input: { purpose: string; version: string; granted?: boolean; visitorId?: string | null },
  now: Date = new Date(),
): Promise<ConsentRow> {
  if (!(CONSENT_PURPOSES as readonly string[]).includes(input.purpose)) throw new DomainError(CONSENT_MESSAGES.purpose, 'purpose');
  const purpose = input.purpose as ConsentPurpose;
  if (input.version !== CURRENT_VERSION[purpose]) throw new DomainError(CONSENT_MESSAGES.version, 'version');
  const visitorId = input.visitorId ? input.visitorId.toLowerCase() : null;
  if (visitorId !== null && !VISITOR_ID_PATTERN.test(visitorId)) throw new DomainError(CONSENT_MESSAGES.subject, 'visitorId');
  const userId = ctx.user?.id ?? null;
  if (userId === null && visitorId === null) throw new DomainError(CONSENT_MESSAGES.subject, 'visitorId');
  const [row] = await ctx.db
    .insert(consents)
    .values({ userId, visitorId, purpose, version: input.version, granted: input.granted ?? true, recordedAt: now })
    .returning();
  return row!;
}

/** The newest record for a user or a visitor id, per purpose (what they agreed to last). */
export async function latestConsent(ctx: ServiceContext, purpose: ConsentPurpose, who: { userId?: number; visitorId?: string }): Promise<ConsentRow | null> {
  const subjects: SQL[] = [];
  if (who.userId !== undefined) subjects.push(eq(consents.userId, who.userId));
  if (who.visitorId !== undefined) subjects.push(eq(consents.visitorId, who.visitorId.toLowerCase()));
  if (!subjects.length) return null;
  const [row] = await ctx.db.select().from(consents).where(and(eq(consents.purpose, purpose), or(...subjects))).orderBy(desc(consents.id)).limit(1);
  return row ?? null;
}
