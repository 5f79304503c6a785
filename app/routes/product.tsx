import type { Route } from './+types/product';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Product | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Product" />;
}
