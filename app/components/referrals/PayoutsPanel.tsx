// /account/payouts (docs/product/referrals.md#payouts): summary cards, the request button (only with at least
// 500 points, else 'In order to Request Payout, you must have at least 500 points.'), the
// request form (BANK by default, or GCASH with a +63 number), and the history table, empty
// 'No Payout Requested!'. Success toast 'Payout request sent!'. Below, the tax details for the
// withholding certificates (TIN, registered address) and a certificate per quarter paid
// (docs/decisions/051-withholding-on-payouts.md).
import { useState } from 'react';
import { Link, useFetcher } from 'react-router';
import { formatOrderDate } from '../../../common/orders/order-display';
import { PAYOUT_MESSAGES, PAYOUT_STATUS_LABELS as STATUS_LABELS } from '../../../common/validation/payout';
import { FORM_SCHEMAS } from '../../lib/form-schemas';
import { FormMessage, TextField } from '../accounts/FormControls';
import { EmptyState } from '../layout/EmptyState';
import { useIntentForm, type IntentResult } from '../accounts/useIntentForm';
import type { PayoutsPage } from '../../graphql/referrals';
import type { CommissionerTaxView } from '../../graphql/withholding';

type Me = NonNullable<PayoutsPage['me']>;

export function PayoutsPanel({ me, tax }: { me: Me; tax: CommissionerTaxView | null }) {
  const summary = me.payoutSummary;
  const rows = me.payouts.edges.map((e) => e.node);
  const [requesting, setRequesting] = useState(false);
  // The request form's answer, read here: once it succeeds the balance drops below the minimum
  // and the form gives way to the minimum notice, but the success text must stay.
  const answer = useFetcher<IntentResult>({ key: 'account-payout' });
  const sent = answer.state === 'idle' && answer.data?.ok ? answer.data.message : null;
  const available = summary?.availablePoints ?? 0;
  const minimum = summary?.minimumPoints ?? 500;
  return (
    <section aria-labelledby="payouts-title" className="space-y-6">
      <h1 id="payouts-title" className="text-2xl font-bold">
        Payouts
      </h1>
      <dl className="grid grid-cols-2 gap-3 text-sm lg:grid-cols-4">
        <Card label="Available Points" value={String(available)} testId="available-points" />
        <Card label="Points on Hold" value={String(summary?.heldPoints ?? 0)} testId="held-points" note={heldPointsNote(summary)} />
        <Card label="Pending Payout" value={summary?.pendingPayout.localized ?? '₱0.00'} testId="pending-payout" />
        <Card label="Claimed Payout" value={summary?.claimedPayout.localized ?? '₱0.00'} />
      </dl>
      <p className="text-sm text-gray-700">
        Minimum {minimum} points per request; {summary?.transactionFee.localized ?? '₱25.00'} fee
        {summary && summary.taxRate > 0 ? ` and ${summary.taxRate}% withholding tax` : ''}; arrives in 3 to 5 banking days.
      </p>
      {sent ? <FormMessage message={{ text: sent, ok: true }} /> : null}
      {available >= minimum ? (
        requesting ? (
          <RequestForm hasBank={Boolean(me.bank)} onCancel={() => setRequesting(false)} />
        ) : (
          <button type="button" className="btn-primary" onClick={() => setRequesting(true)}>
            Request Payout
          </button>
        )
      ) : (
        <p role="note" className="rounded-md bg-gray-50 p-4 text-sm">
          {PAYOUT_MESSAGES.minimum}
        </p>
      )}
      <History rows={rows} nextCursor={me.payouts.pageInfo.hasNextPage ? me.payouts.pageInfo.endCursor : null} />
      {tax ? <TaxDetails tax={tax} /> : null}
    </section>
  );
}

function Card({ label, value, testId, note }: { label: string; value: string; testId?: string; note?: string | null }) {
  return (
    <div className="rounded-lg border border-gray-200 p-4">
      <dt className="text-gray-700">{label}</dt>
      <dd className="mt-1 text-xl font-bold" data-testid={testId}>
        {value}
      </dd>
      {note ? <dd className="mt-1 text-xs text-gray-700">{note}</dd> : null}
    </div>
  );
}

/**
 * When held points can be claimed (docs/product/referrals.md#payouts): after the order's refund
 * window, from the date given; points held for staff's review have no date.
 */
export function heldPointsNote(summary: Me['payoutSummary']): string | null {
  if (!summary || summary.heldPoints <= 0) return null;
  const parts: string[] = [];
  if (summary.heldPointsNextFreeAt) parts.push(`First points free up on ${formatOrderDate(summary.heldPointsNextFreeAt)}`);
  if (summary.pointsUnderReview > 0) parts.push(`${summary.pointsUnderReview} under review`);
  return parts.length ? `${parts.join('; ')}.` : null;
}

function RequestForm({ hasBank, onCancel }: { hasBank: boolean; onCancel: () => void }) {
  const { fetcher, onSubmit, busy, message, saved } = useIntentForm(FORM_SCHEMAS.payout, 'payout');
  const [type, setType] = useState<'BANK' | 'GCASH'>('BANK');
  if (saved) return null;
  return (
    <fetcher.Form method="post" onSubmit={onSubmit} className="max-w-md space-y-3 rounded-lg border border-gray-200 p-4" noValidate>
      <input type="hidden" name="intent" value="payout" />
      <fieldset>
        <legend className="text-sm font-medium text-gray-800">Send to</legend>
        <div className="mt-2 flex gap-4 text-sm">
          {(['BANK', 'GCASH'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2">
              <input type="radio" name="type" value={t} checked={type === t} onChange={() => setType(t)} />
              {t === 'BANK' ? 'Bank' : 'GCash'}
            </label>
          ))}
        </div>
      </fieldset>
      {type === 'GCASH' ? (
        <TextField label="GCash Number" name="phoneNumber" id="payout-phone" inputMode="tel" placeholder="+63 9XX XXX XXXX" autoComplete="tel" />
      ) : hasBank ? null : (
        <p className="text-sm">
          {PAYOUT_MESSAGES.bankDetails}{' '}
          <Link to="/account/profile" className="font-semibold text-secondary-dark underline">
            Bank Details
          </Link>
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary" disabled={busy}>
          Request Payout
        </button>
        <button type="button" className="btn-outline" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <FormMessage message={message} />
    </fetcher.Form>
  );
}

function History({ rows, nextCursor }: { rows: NonNullable<PayoutsPage['me']>['payouts']['edges'][number]['node'][]; nextCursor: string | null }) {
  if (rows.length === 0) {
    return (
      <EmptyState title={PAYOUT_MESSAGES.empty} compact>
        With at least 500 points you can request a payout to your bank account or GCash; each request shows here with its status.
      </EmptyState>
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Payout history</caption>
        <thead>
          <tr className="border-b border-gray-200 text-gray-700">
            {['Date', 'Type', 'Points', 'Fee', 'Tax', 'Total Payout', 'Status'].map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((p) => (
            <tr key={p.id} className="border-b border-gray-100">
              <td className="py-2 pr-3">{formatOrderDate(p.created)}</td>
              <td className="py-2 pr-3">{p.type === 'GCASH' ? 'GCash' : 'Bank'}</td>
              <td className="py-2 pr-3">{p.referralRewards}</td>
              <td className="py-2 pr-3">{p.transactionFee.localized}</td>
              <td className="py-2 pr-3">
                {p.tax.localized} <span className="text-xs text-gray-700">({p.taxRate}%)</span>
              </td>
              <td className="py-2 pr-3 font-semibold">{p.totalPayout.localized}</td>
              <td className="py-2">{STATUS_LABELS[p.status] ?? p.status}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {nextCursor ? (
        <Link className="btn-outline mt-3 inline-block" to={`?after=${encodeURIComponent(nextCursor)}`}>
          Older payouts
        </Link>
      ) : null}
    </div>
  );
}

/**
 * The TIN and registered address the withholding certificates name (both optional: without a
 * TIN the certificate says so), the rate a request takes now, and one certificate per quarter paid.
 */
function TaxDetails({ tax }: { tax: CommissionerTaxView }) {
  const { fetcher, onSubmit, busy, message, fields } = useIntentForm(FORM_SCHEMAS.taxDetails, 'taxDetails');
  return (
    <section aria-labelledby="tax-title" className="space-y-3 border-t border-gray-200 pt-6">
      <h2 id="tax-title" className="text-lg font-bold">
        Withholding tax
      </h2>
      <p className="text-sm text-gray-700">
        The law asks us to withhold {tax.withholdingPercentage}% of each payout as income tax on your commissions and pay it to the BIR for you. Each quarter
        you can download a certificate (BIR Form 2307) of what we paid you and withheld, to credit against your own income tax.
      </p>
      <fetcher.Form method="post" onSubmit={onSubmit} className="max-w-md space-y-3" noValidate>
        <input type="hidden" name="intent" value="taxDetails" />
        <TextField
          label="TIN (optional)"
          name="tin"
          id="tax-tin"
          inputMode="numeric"
          defaultValue={tax.tin ?? ''}
          placeholder="123-456-789-000"
          hint="9 digits, with your branch code after it if you have one."
          error={fields.tin}
        />
        <TextField
          label="Registered address (optional)"
          name="registeredAddress"
          id="tax-address"
          defaultValue={tax.registeredAddress ?? ''}
          maxLength={300}
          autoComplete="street-address"
          error={fields.registeredAddress}
        />
        <button type="submit" className="btn-outline" disabled={busy}>
          Save tax details
        </button>
        <FormMessage message={message} />
      </fetcher.Form>
      {tax.quarters.length > 0 ? (
        <ul className="space-y-1 text-sm" aria-label="Withholding certificates">
          {tax.quarters.map((q) => (
            <li key={q}>
              <a className="font-semibold text-secondary-dark underline" href={`/account/withholding-certificate.pdf?quarter=${q}`} download>
                Certificate {q} (PDF)
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-700">Certificates show here once a payout is paid.</p>
      )}
    </section>
  );
}
