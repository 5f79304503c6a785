// /staff/referral-flags: referred purchases the fraud rules stopped (MANAGE_PAYOUTS): why, the
// patron, the commissioners and the order. A purchase held for a shared IP or device is
// approved (its rewards are released) or rejected (withheld); same-person ones were withheld.
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/staff-referral-flags';
import { SHOP_TIME_ZONE } from '../../common/manila-date';
import { ReferralFlagReviewMutation, StaffReferralFlagsQuery, toReferralFlags, type ReferralFlagReason, type StaffReferralFlag } from '../graphql/payouts-staff';
import type * as G from '../graphql/generated';
import { query } from '../lib/api.server';
import { requireStaff } from './staff.server';
import { FormResult } from '../components/staff/FormField';

export const meta: Route.MetaFunction = () => [{ title: 'Flagged referral purchases | Suki back office' }];

const PAGE_SIZE = 25;
const DATE_TIME = new Intl.DateTimeFormat('en-PH', { timeZone: SHOP_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

const WHY: Record<ReferralFlagReason, string> = {
  SAME_PERSON_PHONE: 'Same phone number as the commissioner',
  SAME_PERSON_BANK: 'Same bank account as the commissioner',
  SAME_PERSON_GCASH: 'Same GCash number as the commissioner',
  SAME_PERSON_CARD: 'Same saved card as the commissioner',
  SHARED_IP: 'More than 3 referred accounts bought from this IP address within 30 days',
  SHARED_DEVICE: 'More than 3 referred accounts bought from this device within 30 days',
};
const STATE: Record<G.ReferralFlagRewardState, string> = { HELD: 'held', AVAILABLE: 'released', REVERSED: 'withheld' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, 'MANAGE_PAYOUTS');
  const url = new URL(request.url);
  const all = url.searchParams.get('show') === 'all';
  const result = await query(context, StaffReferralFlagsQuery, { first: PAGE_SIZE, after: url.searchParams.get('after'), open: all ? null : true });
  return {
    all,
    ...toReferralFlags(result),
    canOpenOrders: staff.userPermissions.includes('MANAGE_ORDERS'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(context, 'MANAGE_PAYOUTS');
  const form = await request.formData();
  const decision = form.get('decision');
  if (decision !== 'APPROVED' && decision !== 'REJECTED') return data({ ok: false, message: 'Unknown action.' }, { status: 400 });
  const result = (await query(context, ReferralFlagReviewMutation, { id: String(form.get('id') ?? '').slice(0, 100), decision })).referralFlagReview;
  const error = result?.errors?.[0]?.message;
  if (error) return data({ ok: false, message: error }, { status: 400 });
  return data({ ok: true, message: decision === 'APPROVED' ? 'Approved: the reward is released.' : 'Rejected: the reward is withheld.' });
}

const person = (p: StaffReferralFlag['patron']) => (p ? `${p.firstName} ${p.lastName}`.trim() || p.email : 'Unknown');

function Person({ who }: { who: StaffReferralFlag['patron'] }) {
  return (
    <>
      {person(who)}
      {who ? <span className="block text-gray-700">{who.email}</span> : null}
    </>
  );
}

function Review({ flag }: { flag: StaffReferralFlag }) {
  const busy = useNavigation().formData?.get('id') === flag.id;
  if (flag.reviewable) {
    return (
      <div className="flex flex-wrap gap-2">
        {(['APPROVED', 'REJECTED'] as const).map((decision) => (
          <Form method="post" key={decision}>
            <input type="hidden" name="id" value={flag.id} />
            <input type="hidden" name="decision" value={decision} />
            <button type="submit" className={decision === 'APPROVED' ? 'btn-primary' : 'btn-outline'} disabled={busy}>
              {decision === 'APPROVED' ? 'Approve (release reward)' : 'Reject (withhold)'}
            </button>
          </Form>
        ))}
      </div>
    );
  }
  if (flag.decision) {
    return (
      <span>
        {flag.decision === 'APPROVED' ? 'Approved' : 'Rejected'}
        {flag.decidedAt ? <span className="block text-gray-700">{DATE_TIME.format(new Date(flag.decidedAt))}</span> : null}
      </span>
    );
  }
  return <span>Withheld: no reward for the same person</span>;
}

export default function StaffReferralFlags({ loaderData }: Route.ComponentProps) {
  const { all, flags, pageInfo, totalCount, canOpenOrders } = loaderData;
  const result = useActionData<typeof action>();
  const showLink = (showAll: boolean) => (showAll ? '/staff/referral-flags?show=all' : '/staff/referral-flags');
  return (
    <section aria-labelledby="flags-title" className="space-y-4">
      <h1 id="flags-title" className="text-2xl font-bold">
        Flagged referral purchases
      </h1>
      <nav aria-label="Which purchases">
        <ul className="flex gap-2">
          {[false, true].map((showAll) => (
            <li key={String(showAll)}>
              <Link
                to={showLink(showAll)}
                aria-current={showAll === all ? 'page' : undefined}
                className={`block rounded border px-3 py-1 ${showAll === all ? 'border-gray-900 bg-gray-900 text-white' : 'border-gray-300 bg-white'}`}
              >
                {showAll ? 'All flagged' : 'Awaiting review'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <FormResult result={result} />
      <p aria-live="polite">{totalCount === 1 ? '1 purchase' : `${totalCount} purchases`}</p>
      {flags.length === 0 ? (
        <p>{all ? 'No referred purchase was flagged.' : 'No purchase is awaiting review.'}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className="p-2">Flagged</th>
                <th scope="col" className="p-2">Why</th>
                <th scope="col" className="p-2">Order</th>
                <th scope="col" className="p-2">Patron</th>
                <th scope="col" className="p-2">Commissioner</th>
                <th scope="col" className="p-2">Decision</th>
              </tr>
            </thead>
            <tbody>
              {flags.map((f) => (
                <tr key={f.id} className="border-b border-gray-100 align-top" data-testid="flag-row">
                  <td className="p-2">{DATE_TIME.format(new Date(f.created))}</td>
                  <td className="p-2">
                    {f.reason ? WHY[f.reason] : null}
                    {f.detail ? <span className="block text-gray-700">{f.detail}</span> : null}
                  </td>
                  <td className="p-2">
                    {f.order ? (
                      <>
                        {canOpenOrders ? (
                          <Link to={`/staff/orders/${f.order.number}`} className="font-semibold underline">
                            {f.order.referenceKey}
                          </Link>
                        ) : (
                          <span className="font-semibold">{f.order.referenceKey}</span>
                        )}
                        <span className="block text-gray-700">{f.order.total}</span>
                      </>
                    ) : (
                      'Unknown order'
                    )}
                  </td>
                  <td className="p-2">
                    <Person who={f.patron} />
                  </td>
                  <td className="p-2">
                    {f.commissioner ? <Person who={f.commissioner} /> : null}
                    <ul>
                      {f.rewards.map((r) => (
                        <li key={r.level} className="text-gray-700">
                          Level {r.level}: {person(r.commissioner)}, {r.points} points ({r.state ? STATE[r.state] : ''})
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="p-2">
                    <Review flag={f} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pageInfo?.hasNextPage ? (
        <nav aria-label="Pages">
          <Link to={`${showLink(all)}${all ? '&' : '?'}after=${encodeURIComponent(pageInfo.endCursor ?? '')}`} className="btn-outline">
            Older
          </Link>
        </nav>
      ) : null}
    </section>
  );
}
