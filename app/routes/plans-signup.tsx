import type { Route } from './+types/plans-signup';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Plans | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Plans" />;
}
