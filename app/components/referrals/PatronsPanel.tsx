// /account/referrals (Patrons, docs/product/referrals.md#rewards): the rewards log, paged with cursors in the
// address (?after= / ?before=), empty 'No recent activity from applicants!'.
import { Link } from 'react-router';
import type { ReferralProgramme } from '../../graphql/referrals';
import { EmptyState } from '../layout/EmptyState';
import { RewardTable } from './ReferralPanel';

export const PATRONS_PAGE_SIZE = 10;
export const NO_PATRON_ACTIVITY = 'No recent activity from applicants!';

export function PatronsPanel({ logs }: { logs: ReferralProgramme['referralRewardsLogs'] }) {
  const rows = logs.edges.map((e) => e.node);
  const { pageInfo } = logs;
  return (
    <section aria-labelledby="patrons-title">
      <h1 id="patrons-title" className="text-2xl font-bold">
        Patrons
      </h1>
      {rows.length === 0 ? (
        <EmptyState
          title={NO_PATRON_ACTIVITY}
          action={
            <Link className="btn-outline" to="/account">
              Share your referral link
            </Link>
          }
        >
          When a friend you referred buys and the order is fulfilled, the points you earn show here.
        </EmptyState>
      ) : (
        <>
          <RewardTable logs={rows} caption="Referral rewards" />
          <nav aria-label="Rewards pages" className="mt-4 flex items-center justify-between text-sm">
            <span className="text-gray-700">{logs.totalCount} entries</span>
            <span className="flex gap-2">
              {pageInfo.hasPreviousPage && pageInfo.startCursor ? (
                <Link className="btn-outline" to={`?before=${encodeURIComponent(pageInfo.startCursor)}`}>
                  Previous
                </Link>
              ) : null}
              {pageInfo.hasNextPage && pageInfo.endCursor ? (
                <Link className="btn-outline" to={`?after=${encodeURIComponent(pageInfo.endCursor)}`}>
                  Next
                </Link>
              ) : null}
            </span>
          </nav>
        </>
      )}
    </section>
  );
}
