import { Link } from 'react-router';
import { NETWORK_ERROR_TEXT, NOT_FOUND_TEXT } from '../../../common/errors';

export function NotFoundPage() {
  return (
    <section className="container-page py-20 text-center">
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Page Not Found</h1>
      <p className="mt-2 text-gray-600">{NOT_FOUND_TEXT}</p>
      <Link to="/" className="btn-primary mt-8">
        Back to Home
      </Link>
    </section>
  );
}

export function NetworkErrorPage() {
  return (
    <section className="container-page py-20 text-center">
      <h1 className="text-2xl font-semibold">Network Error</h1>
      <p className="mt-2 text-gray-600">{NETWORK_ERROR_TEXT}</p>
      <Link to="/" className="btn-primary mt-8">
        Back to Home
      </Link>
    </section>
  );
}
