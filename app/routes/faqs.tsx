import type { Route } from './+types/faqs';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'FAQs | Suki' }];

export default function Page() {
  return <UnfinishedPage title="FAQs" />;
}
