// What a customer does with a placed order: request its cancellation, re-order it, have the
// receipt sent again, upload the proof of billing. Each checks ownership here, not in the UI.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { loadSharp } from '../../lib/sharp';
import { canResendReceipt } from '../../../common/orders/order-actions';
import { CANCEL_MESSAGES, cancelRequestSchema, CANCEL_REASON_LABELS } from '../../../common/orders/order-cancel';
import { isBankDeposit } from '../../../common/orders/order-placed';
import { PROOF_MESSAGES, proofOfBillingSchema } from '../../../common/orders/proof-of-billing';
import { validate } from '../../../common/validation/issues';
import type { ServiceContext } from '../../graphql/context';
import { DomainError } from '../../lib/domain-error';
import { storageOf } from '../../storage/file-storage';
import { sendEmail } from '../notifications/notifications.service';
import { orderReceiptEmail } from './order-emails';
import { paymentOnProofUploaded } from '../payments/payment-lifecycle.service';
import { orderPaymentFacts } from './order-payment';
import { applyOrderEvent, ORDER_NOT_FOUND } from './order-transitions.service';
import { addressOfOrder, linesOfOrder, type OrderRow } from './orders.service';
import { orders } from './orders.tables';

export const ORDER_ACTION_MESSAGES = {
  reOrderFailed: 'Unable to re-order',
  noLongerAvailable: (name: string) => `${name} is no longer available.`,
  receiptFailed: 'Unable to resend receipt',
  receiptSent: 'Resend receipt successfully!',
} as const;

/** The caller's own order (staff use the back office, not these customer actions). */
export async function ownOrder(ctx: ServiceContext, orderId: number, message = ORDER_NOT_FOUND): Promise<OrderRow> {
  const user = ctx.user;
  if (!user) throw new DomainError(message, 'id');
  const [row] = await ctx.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row || row.userId !== user.id) throw new DomainError(message, 'id');
  return row;
}

/**
 * requestOrderCancel: UNFULFILLED -> PENDING_FOR_CANCELLATION with the reason and note, through
 * the one state machine (status log, unread flag, email). A confirmed order gets the rulebook's
 * 'The order cannot be cancelled anymore.'
 */
export async function requestOrderCancel(
  ctx: ServiceContext,
  input: { orderId: number; reason: string | null | undefined; note: string | null | undefined },
): Promise<OrderRow> {
  const parsed = validate(cancelRequestSchema, { reason: input.reason ?? undefined, note: input.note });
  if (!parsed.ok) throw new DomainError(parsed.errors);
  const { reason, note } = parsed.data;
  await ownOrder(ctx, input.orderId);
  return applyOrderEvent(ctx, input.orderId, 'requestOrderCancel', 'customer', {
    note: note ? `${CANCEL_REASON_LABELS[reason]}: ${note}` : CANCEL_REASON_LABELS[reason],
    changes: { cancelReason: reason, cancelNote: note || null },
    refusal: () => CANCEL_MESSAGES.notAnymore,
  });
}

/** resubmitReceipt: emails the receipt of a FULFILLED order again (HTML and text). */
export async function resubmitReceipt(ctx: ServiceContext, orderId: number): Promise<OrderRow> {
  const order = await ownOrder(ctx, orderId, ORDER_ACTION_MESSAGES.receiptFailed);
  if (!canResendReceipt(order.status)) throw new DomainError(ORDER_ACTION_MESSAGES.receiptFailed, 'status');
  const [lines, billing, payment] = await Promise.all([
    linesOfOrder(ctx, order.id),
    addressOfOrder(ctx, order.id, 'BILLING'),
    orderPaymentFacts(ctx, order),
  ]);
  await sendEmail(ctx, orderReceiptEmail(order, lines, billing, payment.label, ctx.config.publicUrl));
  return order;
}

const PROOF_MAX_SIDE = 2400;

/**
 * A proof's address: /proofs/<file>, served to its owner and staff only (proof-of-billing.http.ts),
 * never under the public, cacheable /media. Stored under the key proofs/<order id>-<random>.webp.
 */
export const proofUrl = (storedPath: string | null) => (storedPath ? `/${storedPath}` : null);

/** The order a stored proof's key names (its file name starts with the order's id), if any. */
export async function orderOfProof(ctx: Pick<ServiceContext, 'db'>, key: string): Promise<OrderRow | null> {
  const id = /^proofs\/(\d{1,12})-[0-9a-f]{32}\.webp$/.exec(key)?.[1];
  if (!id) return null;
  const [order] = await ctx.db.select().from(orders).where(eq(orders.id, Number(id)));
  return order ?? null;
}

/**
 * proofOfBillingUpload: an image (re-encoded to WebP, metadata dropped) stored under an
 * unguessable name, for the customer's own Bank Deposit order while it waits for payment
 * (UNFULFILLED or UNFULFILLED_ORDER_CONFIRMED, not fully charged). A new upload replaces the old.
 */
export async function uploadProofOfBilling(
  ctx: ServiceContext,
  input: { orderId: number; alt?: string | null; image: string },
): Promise<OrderRow> {
  const parsed = validate(proofOfBillingSchema, input);
  if (!parsed.ok) throw new DomainError(parsed.errors);
  await ownOrder(ctx, input.orderId);

  const raw = parsed.data.image;
  const bytes = Buffer.from(raw.startsWith('data:') ? raw.slice(raw.indexOf(',') + 1) : raw, 'base64');
  let webp: Buffer;
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: 50_000_000 }).rotate();
    const meta = await image.metadata();
    if (!meta.width || !meta.height) throw new Error('not an image');
    webp = await image
      .resize(PROOF_MAX_SIDE, PROOF_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw new DomainError(PROOF_MESSAGES.notImage, 'image');
  }

  const stored = `proofs/${input.orderId}-${randomBytes(16).toString('hex')}.webp`;
  // Stored before the row names it (a reader never finds a row without its file); removed below if the row is not written.
  const storage = storageOf(ctx);
  await storage.put(stored, webp);

  let previous: string | null = null;
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for('update');
      if (!order || order.userId !== ctx.user?.id) throw new DomainError(ORDER_NOT_FOUND, 'id');
      const payment = await orderPaymentFacts({ ...ctx, db: tx }, order);
      const waiting = order.status === 'UNFULFILLED' || order.status === 'UNFULFILLED_ORDER_CONFIRMED';
      if (!isBankDeposit(order.gateway) || !waiting || payment.isPaid || payment.paymentStatus === 'FULLY_REFUNDED') {
        throw new DomainError(PROOF_MESSAGES.notAllowed, 'id');
      }
      previous = order.proofOfBillingPath;
      const [row] = await tx
        .update(orders)
        .set({ proofOfBillingPath: stored, proofOfBillingAlt: parsed.data.alt || null, updatedAt: new Date() })
        .where(eq(orders.id, order.id))
        .returning();
      // A slip after a refused one asks staff again ('Proof of billing received!'); ADR 045.
      await paymentOnProofUploaded({ ...ctx, db: tx }, row!);
      return row!;
    });
    if (previous) await storage.delete(previous).catch(() => undefined);
    return updated;
  } catch (error) {
    await storage.delete(stored).catch(() => undefined);
    throw error;
  }
}
