import type { Route } from './+types/faq-trade-in';
import { UnfinishedPage } from '../components/layout/UnfinishedPage';

export const meta: Route.MetaFunction = () => [{ title: 'Trade-in FAQs | Suki' }];

export default function Page() {
  return <UnfinishedPage title="Trade-in FAQs" />;
}
