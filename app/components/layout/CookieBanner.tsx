import { useState } from 'react';
import { Link } from 'react-router';
import { COOKIE_CONSENT_COOKIE, COOKIE_CONSENT_DAYS } from '../../../common/shop-info';
import { writeBrowserCookie } from '../../lib/cookies';

export function CookieBanner() {
  const [open, setOpen] = useState(true);
  if (!open) return null;
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
        <button
          type="button"
          className="btn-primary shrink-0"
          onClick={() => {
            writeBrowserCookie(COOKIE_CONSENT_COOKIE, '1', COOKIE_CONSENT_DAYS);
            setOpen(false);
          }}
        >
          I Understand
        </button>
      </div>
    </div>
  );
}
