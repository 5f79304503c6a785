// Resource route /account/withholding-certificate.pdf?quarter=2026-Q3: the signed-in
// commissioner's certificate of the income paid and the tax withheld in a quarter (BIR Form 2307
// fields; docs/decisions/051-withholding-on-payouts.md). The API answers only the owner's own payouts; visitors
// go home, as every account route; a quarter with nothing paid answers 404 with the reason.
import { data } from 'react-router';
import type { Route } from './+types/withholding-certificate';
import { parseQuarter, quarterKey } from '../../common/compliance/withholding-quarter';
import { WithholdingCertificateQuery } from '../graphql/withholding';
import { notFound, query, requireViewer } from '../lib/api.server';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireViewer(context);
  const quarter = parseQuarter(new URL(request.url).searchParams.get('quarter'));
  if (!quarter) notFound();
  const { me } = await query(context, WithholdingCertificateQuery, { quarter: quarterKey(quarter) });
  const certificate = me?.withholdingCertificate;
  if (!certificate?.pdf) throw data(certificate?.message ?? null, { status: 404 });
  return new Response(Buffer.from(certificate.pdf, 'base64'), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${certificate.filename ?? `suki-bir-2307-${quarterKey(quarter)}.pdf`}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
