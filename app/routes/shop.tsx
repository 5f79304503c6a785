import type { Route } from './+types/shop';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Shop | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Shop" />;
}
