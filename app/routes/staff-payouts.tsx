// /staff/payouts: the commissioners' payout requests (MANAGE_PAYOUTS), paged on the server with
// the status in the URL: counts per status, PENDING ones moved to PROCESSING one by one or in
// bulk, PROCESSING ones marked paid with the transfer reference, rejects with a reason (the
// points return), and the CSV for the bank; each request's withholding tax and rate, a
// commissioner's own rate (docs/decisions/051-withholding-on-payouts.md), and a quarter's alphalist of payees.
import { Form, Link, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/staff-payouts';
import { recentQuarters } from '../../common/compliance/withholding-quarter';
import { SHOP_TIME_ZONE } from '../../common/manila-date';
import { bankName } from '../../common/validation/bank';
import { PAYOUT_STATUS_LABELS as STATUS_LABELS } from '../../common/validation/payout';
import { PAYOUT_STATUS_VALUES, StaffPayoutsQuery, toStaffPayouts, type PayoutStatus, type StaffPayout } from '../graphql/payouts-staff';
import { query } from '../lib/api.server';
import { staffPayoutAction } from './staff-payouts.server';
import { requireStaff } from './staff.server';
import { StaffPager } from '../components/staff/StaffPager';
import { FormResult } from '../components/staff/FormField';

export const meta: Route.MetaFunction = () => [{ title: 'Payouts | Suki back office' }];

const PAGE_SIZE = 25;
const DATE_TIME = new Intl.DateTimeFormat('en-PH', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
type Tab = PayoutStatus | 'ALL';

/** The URL's status: one of the four, ALL, or PENDING (the queue staff work from) by default. */
function tabOf(url: URL): Tab {
  const asked = url.searchParams.get('status');
  if (asked === 'ALL') return 'ALL';
  return (PAYOUT_STATUS_VALUES as readonly string[]).includes(asked ?? '') ? (asked as PayoutStatus) : 'PENDING';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_PAYOUTS');
  const url = new URL(request.url);
  const tab = tabOf(url);
  const after = url.searchParams.get('after');
  const before = url.searchParams.get('before');
  const status = tab === 'ALL' ? [...PAYOUT_STATUS_VALUES] : [tab];
  const result = await query(context, StaffPayoutsQuery, before ? { last: PAGE_SIZE, before, status } : { first: PAGE_SIZE, after, status });
  return { tab, quarters: recentQuarters(new Date(), 8), ...toStaffPayouts(result) };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_PAYOUTS');
  return staffPayoutAction(request, context);
}

const name = (c: StaffPayout['customer']) => (c ? `${c.firstName} ${c.lastName}`.trim() || c.email : 'Unknown');

function Destination({ payout }: { payout: StaffPayout }) {
  if (payout.type === 'GCASH') return <span>GCash {payout.phoneNumber}</span>;
  return (
    <span>
      {payout.bankCode ? bankName(payout.bankCode) : 'Bank'} {payout.accountNumber}
      {payout.accountName ? <span className="block text-gray-700">{payout.accountName}</span> : null}
    </span>
  );
}

/** The commissioner's own withholding rate (5% once their sworn declaration is on file), or the shop's. */
function WithholdingRate({ payout }: { payout: StaffPayout }) {
  const c = payout.customer;
  if (!c?.id) return null;
  const own = c.ownWithholdingPercentage;
  return (
    <details className="mt-1 text-xs">
      <summary className="cursor-pointer underline">Withholding: {own === null ? "shop's rate" : `${own}% (own rate)`}</summary>
      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
        <input type="hidden" name="intent" value="commissionerRate" />
        <input type="hidden" name="userId" value={c.id} />
        <div>
          <label htmlFor={`rate-${payout.id}`} className="block text-sm font-medium">
            Own rate (%)
          </label>
          <input
            id={`rate-${payout.id}`}
            name="percentage"
            inputMode="decimal"
            defaultValue={own ?? ''}
            placeholder="Shop's rate"
            className="w-24 rounded border border-gray-300 px-2 py-1"
          />
        </div>
        <div>
          <label htmlFor={`rate-note-${payout.id}`} className="block text-sm font-medium">
            Note
          </label>
          <input id={`rate-note-${payout.id}`} name="note" maxLength={200} defaultValue={c.withholdingRateNote ?? ''} placeholder="Sworn declaration received on…" className="w-56 rounded border border-gray-300 px-2 py-1" />
        </div>
        <button type="submit" className="btn-outline">
          Save rate
        </button>
      </Form>
    </details>
  );
}

function RowActions({ payout }: { payout: StaffPayout }) {
  const busy = useNavigation().formData?.get('id') === payout.id;
  const label = `payout ${name(payout.customer)} ${payout.totalPayout.localized}`;
  return (
    <div className="flex flex-col gap-2">
      {payout.status === 'PENDING' ? (
        <Form method="post">
          <input type="hidden" name="intent" value="processing" />
          <input type="hidden" name="id" value={payout.id} />
          <button type="submit" className="btn-outline" disabled={busy} aria-label={`Mark processing: ${label}`}>
            Mark processing
          </button>
        </Form>
      ) : null}
      {payout.status === 'PROCESSING' ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="paid" />
          <input type="hidden" name="id" value={payout.id} />
          <div>
            <label htmlFor={`reference-${payout.id}`} className="block text-sm font-medium">
              Transfer reference
            </label>
            <input id={`reference-${payout.id}`} name="reference" required maxLength={100} className="w-40 rounded border border-gray-300 px-2 py-1" />
          </div>
          <button type="submit" className="btn-primary" disabled={busy}>
            Mark paid
          </button>
        </Form>
      ) : null}
      {payout.status === 'PENDING' || payout.status === 'PROCESSING' ? (
        <details>
          <summary className="cursor-pointer text-sm underline">Reject…</summary>
          <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
            <input type="hidden" name="intent" value="reject" />
            <input type="hidden" name="id" value={payout.id} />
            <div>
              <label htmlFor={`reason-${payout.id}`} className="block text-sm font-medium">
                Reason
              </label>
              <input id={`reason-${payout.id}`} name="reason" required maxLength={500} className="w-48 rounded border border-gray-300 px-2 py-1" />
            </div>
            <button type="submit" className="btn-outline" disabled={busy}>
              Reject payout
            </button>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

export default function StaffPayouts({ loaderData }: Route.ComponentProps) {
  const { tab, counts, payouts, pageInfo, totalCount, quarters } = loaderData;
  const result = useActionData<typeof action>();
  const tabLink = (t: Tab) => `/staff/payouts?status=${t}`;
  const pending = payouts.filter((p) => p.status === 'PENDING');
  const allCount = PAYOUT_STATUS_VALUES.reduce((n, s) => n + (counts[s] ?? 0), 0);

  return (
    <section aria-labelledby="payouts-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="payouts-title" className="text-2xl font-bold">
          Payouts
        </h1>
        <a href={`/staff/payouts.csv?status=${tab}`} className="btn-outline" download>
          Export CSV
        </a>
      </div>
      <form method="get" action="/staff/withholding.csv" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="withholding-quarter" className="block text-sm font-medium">
            Withholding alphalist (BIR 1601-EQ)
          </label>
          <select id="withholding-quarter" name="quarter" className="rounded border border-gray-300 px-2 py-1" defaultValue={quarters[1]}>
            {quarters.map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-outline">
          Download alphalist CSV
        </button>
      </form>
      <nav aria-label="Payout status">
        <ul className="flex flex-wrap gap-2">
          {[...PAYOUT_STATUS_VALUES, 'ALL' as const].map((t) => (
            <li key={t}>
              <Link
                to={tabLink(t)}
                aria-current={t === tab ? 'page' : undefined}
                className={`block rounded border px-3 py-1 ${t === tab ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300 bg-white'}`}
              >
                {t === 'ALL' ? 'All' : STATUS_LABELS[t]} (<span data-testid={`count-${t}`}>{t === 'ALL' ? allCount : (counts[t] ?? 0)}</span>)
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <FormResult result={result} />

      {pending.length > 0 ? (
        <Form method="post" id="bulk-processing" className="flex items-center gap-3">
          <input type="hidden" name="intent" value="bulkProcessing" />
          <button type="submit" className="btn-secondary">
            Mark selected as processing
          </button>
          <span className="text-sm text-gray-700">Select PENDING requests in the table first.</span>
        </Form>
      ) : null}

      <p aria-live="polite">{totalCount === 1 ? '1 request' : `${totalCount} requests`}</p>
      {payouts.length === 0 ? (
        <p>No payout requests here.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="p-2">
                  <span className="sr-only">Select</span>
                </th>
                <th scope="col" className="p-2">Requested</th>
                <th scope="col" className="p-2">Commissioner</th>
                <th scope="col" className="p-2">Send to</th>
                <th scope="col" className="p-2 text-right">Points</th>
                <th scope="col" className="p-2 text-right">Tax</th>
                <th scope="col" className="p-2 text-right">Amount</th>
                <th scope="col" className="p-2">Status</th>
                <th scope="col" className="p-2">Actions</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={p.id} className="border-b border-gray-100 align-top" data-testid="payout-row">
                  <td className="p-2">
                    {p.status === 'PENDING' ? (
                      <input type="checkbox" name="ids" value={p.id} form="bulk-processing" aria-label={`Select payout of ${name(p.customer)}, ${p.totalPayout.localized}`} />
                    ) : null}
                  </td>
                  <td className="p-2">{DATE_TIME.format(new Date(p.created))}</td>
                  <td className="p-2">
                    {name(p.customer)}
                    <span className="block text-gray-700">{p.customer?.email}</span>
                    <WithholdingRate payout={p} />
                  </td>
                  <td className="p-2">
                    <Destination payout={p} />
                  </td>
                  <td className="p-2 text-right">{p.referralRewards}</td>
                  <td className="p-2 text-right" data-testid="payout-tax">
                    {p.tax.localized} <span className="block text-gray-700">({p.taxRate}%)</span>
                  </td>
                  <td className="p-2 text-right">{p.totalPayout.localized}</td>
                  <td className="p-2">
                    <span data-testid="payout-status">{STATUS_LABELS[p.status]}</span>
                    {p.reference ? <span className="block text-gray-700">Ref. {p.reference}</span> : null}
                    {p.rejectReason ? <span className="block text-gray-700">{p.rejectReason}</span> : null}
                  </td>
                  <td className="p-2">
                    <RowActions payout={p} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <StaffPager pageInfo={pageInfo} filters={{ status: tab }} />
    </section>
  );
}
