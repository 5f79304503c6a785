import type { Route } from './+types/tire-search';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Tire Search | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Tire Search" />;
}
