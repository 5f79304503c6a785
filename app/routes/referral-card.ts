// Resource route: the signed-in, verified user's Commissioner card as a PDF download (code, QR
// code and share link). Visitors go home (as every account route); unverified users get 404.
import type { Route } from './+types/referral-card';
import { ReferralCardQuery } from '../graphql/referrals';
import { notFound, query, requireViewer } from '../lib/api.server';

export async function loader({ context }: Route.LoaderArgs) {
  await requireViewer(context);
  const { me } = await query(context, ReferralCardQuery);
  if (!me?.referralCardPdf) notFound();
  return new Response(Buffer.from(me.referralCardPdf, 'base64'), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="suki-commissioner-${me.referralCode}.pdf"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
