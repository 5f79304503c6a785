import type { Route } from './+types/about-trade-in';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'About Trade-in | Suki' }];

export default function Page() {
  return <UnfinishedPage title="About Trade-in" />;
}
