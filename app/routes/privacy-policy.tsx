import type { Route } from './+types/privacy-policy';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Privacy Policy | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Privacy Policy" />;
}
