import type { Route } from './+types/not-found';
import { notFound } from '../lib/api.server';

export const meta: Route.MetaFunction = () => [{ title: 'Page Not Found | Suki' }];

// Every URL outside the route table answers 404 through the root error boundary.
export function loader(): never {
  notFound();
}

export default function NotFound() {
  return null;
}
