import type { Route } from './+types/trade-in';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Trade-in | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Trade-in" />;
}
