import type { Route } from './+types/payment';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';
import { requireViewer } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Payment | Suki' }];

export async function loader({ context }: Route.LoaderArgs) {
  await requireViewer(context);
  return null;
}

export default function Page() {
  return <UnfinishedPage title="Payment" />;
}
