// Voids, and the money held until staff confirm an order, in two steps as refunds are
// (docs/decisions/041-refunds-in-two-steps.md):
//   1. the caller records what was decided (an order cancelled, rejected or confirmed; a void of
//      an open order) in its transaction with the order locked, and queues the settle job there
//      (queueProviderStep);
//   2. after that commit the provider is asked, outside any transaction or row lock, with the
//      payment's idempotency key (void-{payment id}, charge-{payment id}), so a slow provider
//      blocks no order and a repeat is carried out once;
//   3. its answer is recorded in a second transaction, under the order's and the payment's locks,
//      once: a payment no longer waiting for it (settled by an earlier attempt, another replica,
//      a webhook) is left alone.
// A process that dies between the steps, or a database that fails at step 3, leaves the job,
// which asks again with the same key. The held steps: a Paymaya Vault card held since checkout
// is charged; a PayPal authorisation (a pre-order, ADR 040) is captured.
import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../../graphql/context';
import { defineJob, enqueueJob, jobServiceContext } from '../../../jobs/jobs';
import { DomainError } from '../../../lib/domain-error';
import { sendEmail } from '../../notifications/notifications.service';
import { ask } from '../../system/domain-events';
import type { ProviderEvent } from '../gateways/gateway';
import { PAYMAYA_VAULT } from '../gateways/gateway-rules';
import { findGateway } from '../gateways/gateways';
import { AUTHORIZED_CAPTURE_STATUS, recordPaymentEvent, recordStaffPaymentEvent } from '../payment-events.service';
import { heldPaymentNotCapturedEmail, lockPaymentOrder } from '../payments.events';
import { payments, type PaymentRow } from '../payments.tables';
import { ProviderRefused, SettleByHand } from '../providers/provider';
import { MAYA_PROVIDER, mayaPaymentEvent } from '../providers/maya/maya.provider';
import { chargeSavedCard } from '../saved-cards/saved-cards.service';
import { heldCardReturnUrls } from './held-card-return.service';

/** void: an unpaid payment called off; held: a held card charged or an authorisation captured (orderConfirm). */
export type ProviderStep = 'void' | 'held';

/** The payment's captureStatus once it is voided (at the provider or by staff's word). */
export const VOIDED_CAPTURE_STATUS = 'VOIDED';

/** Seconds after the step is recorded before its job looks at it: longer than a provider call may take (providers/http.ts: 30 s). */
export const PROVIDER_STEP_DELAY_SECONDS = 90;

/** The idempotency key of a payment's step: the same for every attempt, so the provider carries it out once. */
export const providerStepRequestId = (step: ProviderStep, paymentId: number) => `${step === 'void' ? 'void' : 'charge'}-${paymentId}`;

/**
 * What the provider said: its event (with, for a saved card, Maya's payment id), 'byHand' when it
 * cannot do it (no provider session; an API without it), a refusal, or no answer (it may or may
 * not have done it: the job asks again with the same key).
 */
type StepAnswer =
  | { kind: 'event'; event: ProviderEvent; providerReference?: string; verificationUrl?: string | null }
  | { kind: 'byHand' }
  | { kind: 'refused'; issue: string }
  | { kind: 'noAnswer'; error: unknown };

/**
 * What a step came to. voided: the provider's void (or staff's word) is recorded. charged: the
 * held money is taken. expired / declined: nothing was taken (the customer pays again).
 * pending: the provider took it and has not finished (its webhook moves the payment).
 * refused / noAnswer: nothing moved (noAnswer: the job asks again). settledBefore: the payment
 * no longer waits for this step.
 */
export type StepOutcome = {
  kind: 'voided' | 'charged' | 'expired' | 'declined' | 'pending' | 'refused' | 'noAnswer' | 'settledBefore';
  payment: PaymentRow | null;
};

/** Finishes a step its request left unsettled; a provider that still does not answer fails the job, which pg-boss runs again later. */
export const settleProviderStepJob = defineJob<{ paymentId: number; step: ProviderStep }>(
  'payments.settle-provider-step',
  async ({ paymentId, step }, ctx) => {
    const outcome = await finishProviderStep(jobServiceContext(ctx), paymentId, step);
    if (outcome.kind === 'noAnswer') throw new Error(`payment ${paymentId}: the provider did not answer the ${step}`);
  },
  { retryLimit: 20, retryDelaySeconds: 60, backoff: true, expireInSeconds: 120 },
);

/** Step 1, in the caller's transaction (the order locked): the job that finishes the step if this request does not. */
export async function queueProviderStep(ctx: ServiceContext, paymentId: number, step: ProviderStep): Promise<void> {
  await enqueueJob(ctx.db, settleProviderStepJob, { paymentId, step }, {
    runAt: new Date(Date.now() + PROVIDER_STEP_DELAY_SECONDS * 1000),
    singletonKey: `settle-${step}-${paymentId}`,
  });
}

/** A void still to make: not voided already, nothing taken (a paid payment is refunded instead). */
export const awaitsVoid = (p: PaymentRow) =>
  p.captureStatus !== VOIDED_CAPTURE_STATUS && p.chargeStatus !== 'FULLY_CHARGED' && p.chargeStatus !== 'PARTIALLY_CHARGED' && p.chargeStatus !== 'FULLY_REFUNDED';

/** A held card never charged yet (its charge's answer sets providerReference), or an authorisation not yet captured. */
export function awaitsHeldCharge(p: PaymentRow): boolean {
  if (!p.isActive) return false;
  if (p.gateway === PAYMAYA_VAULT) return ['NOT_CHARGED', 'FAILED'].includes(p.chargeStatus) && !p.providerReference;
  return p.chargeStatus === 'NOT_CHARGED' && p.captureStatus === AUTHORIZED_CAPTURE_STATUS && Boolean(findGateway(p.gateway)?.capture);
}

const awaits = (step: ProviderStep, p: PaymentRow) => (step === 'void' ? awaitsVoid(p) : awaitsHeldCharge(p));

/** Step 2, outside any transaction: asks the provider. Never throws for what it said or failed to say. */
async function askProvider(ctx: ServiceContext, payment: PaymentRow, step: ProviderStep): Promise<StepAnswer> {
  const requestId = providerStepRequestId(step, payment.id);
  const gateway = findGateway(payment.gateway);
  try {
    if (step === 'void') {
      if (!gateway?.void || !payment.provider || !payment.providerReference) return { kind: 'byHand' };
      return { kind: 'event', event: await gateway.void(ctx, payment, { requestId }) };
    }
    if (payment.gateway === PAYMAYA_VAULT) {
      // Returns signed and single-use: Maya may ask for the customer's 3-D Secure (ADR 050).
      const redirectUrl = await heldCardReturnUrls(ctx, payment.id);
      const charged = await chargeSavedCard(ctx, { userId: payment.userId, cardId: Number(payment.token), amount: payment.total, reference: String(payment.id), requestId, redirectUrl });
      return { kind: 'event', event: mayaPaymentEvent(charged), providerReference: charged.id, verificationUrl: charged.verificationUrl };
    }
    if (!gateway?.capture) return { kind: 'byHand' };
    return { kind: 'event', event: await gateway.capture(ctx, payment) };
  } catch (error) {
    // A session the sandbox cannot settle (one declined has nothing to void): staff's word.
    if (error instanceof SettleByHand || (step === 'void' && error instanceof DomainError)) return { kind: 'byHand' };
    if (error instanceof ProviderRefused) {
      ctx.log.warn({ paymentId: payment.id, provider: error.provider, step, issue: error.issue }, 'provider refused');
      return { kind: 'refused', issue: error.issue };
    }
    ctx.log.warn({ err: error, paymentId: payment.id, step }, 'provider did not answer');
    return { kind: 'noAnswer', error };
  }
}

/** Step 3, its own transaction under the order's and the payment's locks: the answer recorded once. */
async function recordAnswer(ctx: ServiceContext, paymentId: number, step: ProviderStep, answer: StepAnswer): Promise<StepOutcome> {
  if (answer.kind === 'noAnswer' || answer.kind === 'refused') {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
    return { kind: answer.kind, payment: payment ?? null };
  }
  return ctx.db.transaction(async (db) => {
    const tx: ServiceContext = { ...ctx, db };
    const [found] = await db.select({ orderId: payments.orderId }).from(payments).where(eq(payments.id, paymentId));
    const order = found?.orderId ? await ask(lockPaymentOrder)(tx, found.orderId) : null;
    const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment || !awaits(step, payment)) return { kind: 'settledBefore' as const, payment: payment ?? null };
    const reread = async () => (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
    if (step === 'void') {
      if (answer.kind === 'event') {
        const recorded = await recordPaymentEvent(tx, answer.event);
        if (answer.event.type === 'PENDING') return { kind: 'pending' as const, payment: await reread() };
        if (recorded.outcome === 'APPLIED') return { kind: 'voided' as const, payment: await reread() };
      }
      // Nothing to void at the provider: staff's word. REJECTED, as a provider's void leaves it (ADR 045).
      const next = { chargeStatus: 'REJECTED' as const, captureStatus: VOIDED_CAPTURE_STATUS };
      await db.update(payments).set(next).where(eq(payments.id, payment.id));
      await recordStaffPaymentEvent(tx, payment, 'VOIDED', next);
      return { kind: 'voided' as const, payment: await reread() };
    }
    if (answer.kind !== 'event') return { kind: 'settledBefore' as const, payment };
    if (answer.providerReference) {
      // Waiting for 3-D Secure: Pay Now leads to Maya's verificationUrl (ADR 050).
      const verification = answer.event.type === 'AUTHENTICATING' && answer.verificationUrl ? { redirectUrl: answer.verificationUrl } : {};
      await db.update(payments).set({ provider: MAYA_PROVIDER, providerReference: answer.providerReference, ...verification }).where(eq(payments.id, payment.id));
    }
    const recorded = await recordPaymentEvent(tx, answer.event);
    const after = await reread();
    const kind: StepOutcome['kind'] =
      recorded.chargeStatus === 'FULLY_CHARGED' || after.chargeStatus === 'FULLY_CHARGED'
        ? 'charged'
        : answer.event.type === 'EXPIRED'
          ? 'expired'
          : answer.event.type === 'PENDING' || answer.event.type === 'AUTHENTICATING'
            ? 'pending'
            : 'declined';
    // A held PayPal payment not taken: the customer is told to pay again (a declined saved card shows on the order).
    if (order && (kind === 'expired' || kind === 'declined') && payment.gateway !== PAYMAYA_VAULT) {
      await sendEmail(tx, ask(heldPaymentNotCapturedEmail)(order, { outcome: kind, amount: payment.total, gateway: payment.gateway }, ctx.config.publicUrl));
    }
    return { kind, payment: after };
  });
}

/**
 * Steps 2 and 3 for a payment whose step was recorded: what the request after step 1 does, and
 * what the job does for one left unsettled.
 */
export async function finishProviderStep(ctx: ServiceContext, paymentId: number, step: ProviderStep): Promise<StepOutcome> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment || !awaits(step, payment)) return { kind: 'settledBefore', payment: payment ?? null };
  return recordAnswer(ctx, paymentId, step, await askProvider(ctx, payment, step));
}
