// The built-in sandbox provider (docs/decisions/021-payments-sandbox-and-events.md): it plays
// each provider's part in the demo and in tests. It keeps its own sessions (sandbox_sessions),
// hosts their pages (sandbox.router.ts), and tells the shop what happened the way providers
// do: signed webhooks to /webhooks/sandbox and signed shopper returns.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../../../config';
import type { ServiceContext } from '../../../graphql/context';
import { DomainError } from '../../../lib/domain-error';
import type { HostedSession, ProviderEvent, RefundRequest } from '../gateways/gateway';
import { ipay88Signature, SANDBOX_IPAY88_MERCHANT_CODE, sandboxIpay88MerchantKey } from './sandbox-ipay88.service';
import { ProviderRefused, type PaymentProvider, type SessionInput } from '../providers/provider';
import { sandboxRefunds, sandboxSessions, type SandboxSessionRow, type SandboxSessionStatus } from '../payments.tables';
import {
  pesos,
  SANDBOX_PROVIDER,
  toProviderEvent,
  verifyReturn,
  verifyWebhook,
  SIGNATURE_HEADER,
  type SandboxEvent,
  type SandboxEventType,
} from './sandbox-signature';

export type { SandboxSessionRow } from '../payments.tables';

export const SANDBOX_MESSAGES = {
  notFound: 'Payment session not found.',
  notApproved: 'The payment was not approved.',
} as const;

export const gatewaySlug = (gateway: string) =>
  gateway
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export const sandboxPageUrl = (config: Config, session: Pick<SandboxSessionRow, 'gateway' | 'id'>) =>
  `${config.publicUrl}/sandbox/${gatewaySlug(session.gateway)}/pay/${session.id}`;

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('base64url')}`;
}

/** The event the sandbox reports for a session reaching this state (`amount`: a part paid, or the rest, ADR 050). */
export function sandboxEvent(session: SandboxSessionRow, type: SandboxEventType, amount = session.amount): SandboxEvent {
  return {
    id: newEventId(),
    type,
    session: session.id,
    gateway: session.gateway,
    merchantReference: session.merchantReference,
    orderReference: session.orderReference,
    amount: { value: pesos(amount), currency: session.currency },
    created: new Date().toISOString(),
  };
}

export async function findSandboxSession(ctx: ServiceContext, id: string): Promise<SandboxSessionRow | null> {
  const [row] = await ctx.db.select().from(sandboxSessions).where(eq(sandboxSessions.id, id));
  return row ?? null;
}

/** Moves a session from one of `from` to `to`; null when it was not in one of them. */
export async function moveSandboxSession(
  ctx: ServiceContext,
  id: string,
  from: readonly SandboxSessionStatus[],
  to: SandboxSessionStatus,
): Promise<SandboxSessionRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)).for('update');
    if (!row || !from.includes(row.status)) return null;
    const [moved] = await tx
      .update(sandboxSessions)
      .set({ status: to, updatedAt: new Date() })
      .where(eq(sandboxSessions.id, id))
      .returning();
    return moved ?? null;
  });
}

/** What is still to pay on a session: all of it, or the rest after a part payment (ADR 050). */
export const sandboxRemaining = (session: Pick<SandboxSessionRow, 'amount' | 'paidAmount'>) => session.amount - (session.paidAmount ?? 0);

/**
 * The payer of an open session sends `amount` centavos (a gateway whose payer keys in the amount,
 * WeChat Pay: ADR 050): less than what is left keeps the session open for the rest, the rest (or
 * more, taken as the rest) captures it. Answers the session and what was paid now; null when the
 * session is not open.
 */
export async function paySandboxSession(ctx: ServiceContext, id: string, amount: number): Promise<{ session: SandboxSessionRow; paid: number } | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.id, id)).for('update');
    if (!row || row.status !== 'OPEN') return null;
    const left = sandboxRemaining(row);
    const paid = Math.min(amount, left);
    const whole = paid >= left;
    const [moved] = await tx
      .update(sandboxSessions)
      .set({ status: whole ? 'CAPTURED' : 'OPEN', paidAmount: (row.paidAmount ?? 0) + paid, updatedAt: new Date() })
      .where(eq(sandboxSessions.id, id))
      .returning();
    return { session: moved!, paid };
  });
}

/**
 * Gives back `request.amount` of a captured session, as a provider would: in part (the session
 * stays CAPTURED) or the rest (REFUNDED); more than is left is refused. The event is the
 * refund's, with its own id and amount. Like PayPal's PayPal-Request-Id, the request id is an
 * idempotency key: the same request again (a retry after a crash, ADR 041) answers the refund it
 * made the first time and gives nothing more back.
 */
async function refundSession(ctx: ServiceContext, reference: string, paymentId: number, request: RefundRequest): Promise<ProviderEvent> {
  const made = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(sandboxSessions).where(eq(sandboxSessions.id, reference)).for('update');
    if (!row || row.merchantReference !== String(paymentId)) throw new DomainError(SANDBOX_MESSAGES.notFound);
    const [before] = await tx.select().from(sandboxRefunds).where(eq(sandboxRefunds.requestId, request.requestId));
    if (before) return { session: row, refundId: before.refundId, amount: before.amount };
    // Paid in part (ADR 050): what was paid may be given back, and the session takes no more once it all is.
    const paid = row.paidAmount ?? row.amount;
    if (row.status !== 'CAPTURED' && !(row.status === 'OPEN' && paid > 0)) return null;
    const refunded = row.refundedAmount + request.amount;
    if (request.amount <= 0 || refunded > paid) throw new ProviderRefused('Sandbox', 'refund', 'REFUND_AMOUNT_EXCEEDED');
    const [updated] = await tx
      .update(sandboxSessions)
      .set({ refundedAmount: refunded, status: refunded >= paid ? 'REFUNDED' : row.status, updatedAt: new Date() })
      .where(eq(sandboxSessions.id, reference))
      .returning();
    const refundId = `rfd_${randomBytes(12).toString('base64url')}`;
    await tx.insert(sandboxRefunds).values({ requestId: request.requestId, sessionId: reference, refundId, amount: request.amount });
    return { session: updated!, refundId, amount: request.amount };
  });
  if (!made) throw new DomainError(SANDBOX_MESSAGES.notApproved);
  const event = { ...sandboxEvent(made.session, 'payment.refunded'), id: made.refundId, amount: { value: pesos(made.amount), currency: made.session.currency } };
  return { ...toProviderEvent(event), refundId: made.refundId };
}

export function createSandboxProvider(config: Config): PaymentProvider {
  const secret = config.paymentsSandbox.webhookSecret;

  async function settle(
    ctx: ServiceContext,
    reference: string,
    paymentId: number,
    from: readonly SandboxSessionStatus[],
    to: SandboxSessionStatus,
    type: SandboxEventType,
  ): Promise<ProviderEvent> {
    const session = await findSandboxSession(ctx, reference);
    if (!session || session.merchantReference !== String(paymentId)) throw new DomainError(SANDBOX_MESSAGES.notFound);
    const moved = await moveSandboxSession(ctx, reference, from, to);
    if (!moved) throw new DomainError(SANDBOX_MESSAGES.notApproved);
    return toProviderEvent(sandboxEvent(moved, type));
  }

  return {
    name: SANDBOX_PROVIDER,

    async createSession(ctx: ServiceContext, input: SessionInput): Promise<HostedSession> {
      const [session] = await ctx.db
        .insert(sandboxSessions)
        .values({
          id: `ses_${randomBytes(18).toString('base64url')}`,
          gateway: input.gateway,
          merchantReference: String(input.paymentId),
          orderReference: input.orderReference,
          amount: input.amount,
          currency: input.currency,
          description: input.description,
          returnUrl: input.returnUrl,
          captureByMerchant: input.captureByMerchant,
        })
        .returning();
      return { provider: SANDBOX_PROVIDER, reference: session!.id, redirectUrl: sandboxPageUrl(config, session!) };
    },

    // PayPal-style: the shopper approved (APPROVED); the shop now takes the money, or for a
    // pre-order authorises it (AUTHORIZED: held) and takes it when staff confirm (ADR 040).
    authorize: (ctx, reference, paymentId) => settle(ctx, reference, paymentId, ['APPROVED'], 'AUTHORIZED', 'payment.authorized'),
    capture: (ctx, reference, paymentId) => settle(ctx, reference, paymentId, ['APPROVED', 'AUTHORIZED'], 'CAPTURED', 'payment.paid'),
    void: (ctx, reference, paymentId) => settle(ctx, reference, paymentId, ['OPEN', 'APPROVED', 'AUTHORIZED'], 'VOIDED', 'payment.voided'),
    refund: (ctx, reference, paymentId, request) => refundSession(ctx, reference, paymentId, request),

    ipay88: {
      merchantCode: SANDBOX_IPAY88_MERCHANT_CODE,
      entryUrl: `${config.publicUrl}/sandbox/ipay88/entry`,
      signatureType: 'SHA1',
      sign: (fields) => ipay88Signature(sandboxIpay88MerchantKey(config), fields),
    },

    parseWebhook: (request) => toProviderEvent(verifyWebhook(secret, request.headers[SIGNATURE_HEADER], request.rawBody)),

    parseReturn(request) {
      const event = verifyReturn(secret, request.query);
      return {
        event: toProviderEvent(event),
        // An approved installment plan (BillEase, ADR 045) is the shopper's success too.
        approved: event.type === 'payment.paid' || event.type === 'payment.approved',
        paymentId: Number(event.merchantReference),
        gateway: event.gateway,
      };
    },
  };
}
