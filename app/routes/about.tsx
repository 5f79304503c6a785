import type { Route } from './+types/about';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'About Suki | Suki' }];

export default function Page() {
  return <UnfinishedPage title="About Suki" />;
}
