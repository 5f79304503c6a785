import type { Route } from './+types/terms-conditions';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Terms and Conditions | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Terms and Conditions" />;
}
