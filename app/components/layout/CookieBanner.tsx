import { Link } from 'react-router';
import { acceptCookies, useCookieConsent } from '../../lib/cookie-consent';

/** The cookie notice: the first overlay a new visitor sees; the announcement waits for it. */
export function CookieBanner() {
  const accepted = useCookieConsent();
  if (accepted) return null;
  return (
    <div
      role="region"
      aria-label="Cookie notice"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-gray-200 bg-white p-4 shadow-lg"
    >
      <div className="container-page flex flex-col items-center gap-3 text-sm sm:flex-row sm:justify-between">
        <p>
          We use cookies to keep you signed in and to improve your shopping experience. See our{' '}
          <Link to="/privacy-policy" className="text-secondary-dark underline">
            Privacy Policy
          </Link>
          .
        </p>
        <button type="button" className="btn-primary shrink-0" onClick={acceptCookies}>
          I Understand
        </button>
      </div>
    </div>
  );
}
