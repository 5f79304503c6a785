import type { Route } from './+types/brands';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Brands | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Brands" />;
}
