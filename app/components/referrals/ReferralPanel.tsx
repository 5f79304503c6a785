// The dashboard's referral panel (docs/product/referrals.md#rewards): the latest rewards as a table of Name,
// Date, Level and Points Earned (an anonymous name when the patron is gone); with no patron,
// 'Refer your friends to earn credits:' and the user's own code. Share tools below.
import { Link } from 'react-router';
import { formatOrderDate } from '../../../common/orders/order-display';
import type { ReferralProgramme } from '../../graphql/referrals';
import { ShareTools } from './ShareTools';

export const REFERRAL_PANEL_ROWS = 5;
export const ANONYMOUS_PATRON = 'Anonymous';

export function patronName(referral: { firstName: string; lastName: string } | null): string {
  if (!referral) return ANONYMOUS_PATRON;
  return `${referral.firstName} ${referral.lastName}`.trim() || ANONYMOUS_PATRON;
}

type Props = { programme: ReferralProgramme; link: string | null; discount: string };

export function ReferralPanel({ programme, link, discount }: Props) {
  const logs = programme.referralRewardsLogs.edges.map((e) => e.node);
  const totalPatrons = programme.level1ReferralCount + programme.level2ReferralCount;
  return (
    <section aria-labelledby="panel-referrals" className="rounded-lg border border-gray-200 p-5">
      <div className="flex items-center justify-between gap-3">
        <h2 id="panel-referrals" className="text-xl font-bold">
          Referrals
        </h2>
        {logs.length ? (
          <Link to="/account/referrals" className="text-sm font-semibold text-secondary-dark underline">
            View All
          </Link>
        ) : null}
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <div className="rounded-md bg-gray-50 p-3">
          <dt className="text-gray-700">Total Patrons</dt>
          <dd className="text-lg font-bold" data-testid="total-patrons">{totalPatrons}</dd>
        </div>
        <div className="rounded-md bg-gray-50 p-3">
          <dt className="text-gray-700">Points</dt>
          <dd className="text-lg font-bold" data-testid="referral-points">{programme.referralRewards}</dd>
        </div>
      </dl>
      {totalPatrons === 0 && logs.length === 0 ? (
        <p className="mt-3 text-sm">
          Refer your friends to earn credits: <strong className="font-mono text-base" data-testid="own-referral-code">{programme.referralCode}</strong>
          <span className="block text-gray-700">Commissioner Key: {discount}</span>
        </p>
      ) : (
        <RewardTable logs={logs} caption="Latest referral rewards" />
      )}
      <div className="mt-4 border-t border-gray-200 pt-4">
        <ShareTools isVerified={programme.isVerified} link={link} qrCode={programme.referralQrCode} />
      </div>
    </section>
  );
}

/** Name, Date, Level, Points Earned: the dashboard panel and the Patrons page. */
export function RewardTable({ logs, caption }: { logs: ReferralProgramme['referralRewardsLogs']['edges'][number]['node'][]; caption: string }) {
  return (
    <div className="mt-3 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 text-gray-700">
            <th scope="col" className="py-2 pr-3 font-medium">Name</th>
            <th scope="col" className="py-2 pr-3 font-medium">Date</th>
            <th scope="col" className="py-2 pr-3 font-medium">Level</th>
            <th scope="col" className="py-2 font-medium">Points Earned</th>
          </tr>
        </thead>
        <tbody>
          {logs.map((log) => (
            <tr key={log.id} className="border-b border-gray-100">
              <td className="py-2 pr-3">{patronName(log.referral)}</td>
              <td className="py-2 pr-3">{formatOrderDate(log.date)}</td>
              <td className="py-2 pr-3">{log.level}</td>
              <td className={`py-2 font-semibold ${log.contribution < 0 ? 'text-red-800' : ''}`}>{log.contribution}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
