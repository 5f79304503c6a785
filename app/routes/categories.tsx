import type { Route } from './+types/categories';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Categories | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Categories" />;
}
