// Resource route /staff/withholding.csv?quarter=2026-Q3: the quarter's alphalist of payees
// (TIN, name, ATC, income paid per month and in total, tax withheld) for the seller's quarterly
// withholding return (docs/decisions/051-withholding-on-payouts.md). MANAGE_PAYOUTS.
import type { Route } from './+types/staff-withholding-csv';
import { parseQuarter, quarterKey } from '../../common/compliance/withholding-quarter';
import { StaffWithholdingAlphalistQuery } from '../graphql/withholding';
import { notFound, query } from '../lib/api.server';
import { requireStaff } from './staff.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, 'MANAGE_PAYOUTS');
  const quarter = parseQuarter(new URL(request.url).searchParams.get('quarter'));
  if (!quarter) notFound();
  const { withholdingAlphalistCsv } = await query(context, StaffWithholdingAlphalistQuery, { quarter: quarterKey(quarter) });
  return new Response(withholdingAlphalistCsv ?? '', {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="suki-withholding-alphalist-${quarterKey(quarter)}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
