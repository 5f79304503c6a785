// Resource route /staff/payouts.csv: the payout requests of the queue's status (PROCESSING by
// default, the ones being sent) as CSV for the bank's or GCash's bulk transfer. MANAGE_PAYOUTS.
import type { Route } from './+types/staff-payouts-csv';
import { PAYOUT_STATUS_VALUES, StaffPayoutsCsvQuery, type PayoutStatus } from '../graphql/payouts-staff';
import { query } from '../lib/api.server';
import { requireStaff } from './staff.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_PAYOUTS');
  const asked = new URL(request.url).searchParams.get('status');
  const status: PayoutStatus[] =
    asked === 'ALL' ? [...PAYOUT_STATUS_VALUES] : (PAYOUT_STATUS_VALUES as readonly string[]).includes(asked ?? '') ? [asked as PayoutStatus] : ['PROCESSING'];
  const { payoutRequestsCsv } = await query(context, StaffPayoutsCsvQuery, { status });
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  const name = `suki-payouts-${status.length === 1 ? status[0]!.toLowerCase() : 'all'}-${day}.csv`;
  return new Response(payoutRequestsCsv ?? '', {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
