// The seller's registered details (common/compliance/seller-details.ts): read by every page's
// footer, the order emails, invoices, withholding certificates and the privacy page; changed by
// staff on the settings screen. Kept per process through the table cache: a change notifies
// every replica (migration 0029's trigger) and the kept copy is dropped there.
import { eq } from 'drizzle-orm';
import {
  EMPTY_SELLER_DETAILS,
  sellerDetailsSchema,
  type SellerDetails,
  type SellerDetailsChange,
} from '../../../common/compliance/seller-details';
import { validate } from '../../../common/validation/issues';
import type { Database } from '../../db/client';
import { readThrough, type TableCache } from '../../db/table-cache';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { sellerDetails } from './seller-details.tables';
import { logStaffAction, requirePermission } from './staff-access.service';

type Row = typeof sellerDetails.$inferSelect;

function fromRow(row: Row | undefined): SellerDetails {
  if (!row) return { ...EMPTY_SELLER_DETAILS };
  return {
    registeredName: row.registeredName,
    tradeName: row.tradeName,
    tin: row.tin,
    branchCode: row.branchCode,
    businessAddress: row.businessAddress,
    vatStatus: row.vatRegistered ? 'VAT' : 'NON_VAT',
    registrationNumber: row.registrationNumber,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    dataProtectionOfficerName: row.dataProtectionOfficerName,
    dataProtectionOfficerEmail: row.dataProtectionOfficerEmail,
  };
}

function toColumns(details: SellerDetails): Omit<Row, 'id' | 'updatedAt'> {
  const { vatStatus, ...rest } = details;
  return { ...rest, vatRegistered: vatStatus === 'VAT' };
}

/** The details as stored now (empty ones before staff first save them), read through `db`. */
export async function readSellerDetails(db: Database): Promise<SellerDetails> {
  const [row] = await db.select().from(sellerDetails).where(eq(sellerDetails.id, 1));
  return fromRow(row);
}

/** The details for a request or a job: kept per process when the context has the table cache. */
export function sellerDetailsOf(ctx: { db: Database; tableCache?: TableCache }): Promise<SellerDetails> {
  return readThrough(ctx, 'sellerDetails', ['seller_details'], readSellerDetails);
}

/** Writes the details (the demo seed, tests, the staff service); omitted fields keep their value. */
export async function writeSellerDetails(db: Database, changes: Partial<SellerDetails>): Promise<SellerDetails> {
  const next = { ...(await readSellerDetails(db)), ...changes };
  const columns = toColumns(next);
  await db
    .insert(sellerDetails)
    .values({ id: 1, ...columns })
    .onConflictDoUpdate({ target: sellerDetails.id, set: { ...columns, updatedAt: new Date() } });
  return next;
}

/** Staff (MANAGE_CONTENT, with the shop's other settings): the details as stored. */
export async function staffSellerDetails(ctx: ServiceContext): Promise<SellerDetails> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  return readSellerDetails(ctx.db);
}

/** Staff change the fields given; checked by the settings rules, one transaction with its log entry. */
export async function staffUpdateSellerDetails(ctx: ServiceContext, input: unknown): Promise<SellerDetails> {
  await requirePermission(ctx, 'MANAGE_CONTENT');
  const parsed = validate(sellerDetailsSchema, input);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const changes = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as SellerDetailsChange;
  return ctx.db.transaction(async (db) => {
    const next = await writeSellerDetails(db, changes as Partial<SellerDetails>);
    await logStaffAction({ ...ctx, db }, { action: 'sellerDetailsUpdate', subjectType: 'sellerDetails', subjectId: 1, note: JSON.stringify(changes) });
    return next;
  });
}
