import type { Route } from './+types/reset';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Reset Password | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Reset Password" />;
}
