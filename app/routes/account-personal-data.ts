// Resource route: the signed-in customer's personal data as a JSON download (the Data Privacy
// Act's right of access, docs/decisions/054-privacy-rights.md). Visitors go home, as every
// account route; the API checks the session again and records the request.
import { data } from 'react-router';
import type { Route } from './+types/account-personal-data';
import { PersonalDataExportMutation } from '../graphql/privacy';
import { query, requireViewer } from '../lib/api.server';

export async function loader({ context }: Route.LoaderArgs) {
  await requireViewer(context);
  const { personalDataExport: answer } = await query(context, PersonalDataExportMutation);
  if (!answer?.json || answer.errors?.length) throw data(null, { status: 500 });
  return new Response(answer.json, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${answer.fileName ?? 'suki-personal-data.json'}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
