import type { Route } from './+types/account-dashboard';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'My Account | Suki' }];

export default function Page() {
  return <UnfinishedPage title="My Account" />;
}
