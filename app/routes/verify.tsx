import type { Route } from './+types/verify';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Verify Email | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Verify Email" />;
}
