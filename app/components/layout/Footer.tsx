import { Link } from 'react-router';
import {
  CONTACT_EMAIL,
  PAYMENT_METHOD_LOGOS,
  SHOP_NAME,
  SHOP_TAGLINE,
  SOCIAL_LINKS,
} from '../../../common/shop-info';

export function Footer({ year }: { year: number }) {
  return (
    <footer className="mt-16 bg-gray-900 text-gray-200">
      <div className="container-page grid gap-10 py-12 md:grid-cols-3">
        <div>
          <p className="text-2xl font-bold text-primary">{SHOP_NAME}</p>
          <p className="mt-2 text-sm text-gray-300">{SHOP_TAGLINE}</p>
          <ul className="mt-4 flex flex-wrap gap-3 text-sm" aria-label="Social links">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a href={social.href} rel="noopener noreferrer" target="_blank" className="hover:text-primary">
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer">
          <ul className="grid gap-2 text-sm">
            <li><Link to="/terms-conditions" className="hover:text-primary">Terms</Link></li>
            <li><Link to="/privacy-policy" className="hover:text-primary">Privacy Policy</Link></li>
            <li><Link to="/faqs" className="hover:text-primary">FAQs</Link></li>
            <li><a href={`mailto:${CONTACT_EMAIL}`} className="hover:text-primary">Contact Us</a></li>
            <li><Link to="/about" className="hover:text-primary">About</Link></li>
          </ul>
        </nav>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-gray-300">Payment Methods</p>
          <ul className="mt-3 grid grid-cols-3 gap-2" aria-label="Payment methods">
            {PAYMENT_METHOD_LOGOS.map((name) => (
              <li
                key={name}
                className="flex h-10 items-center justify-center rounded bg-white px-1 text-center text-[11px] font-bold leading-tight text-gray-800"
              >
                {name}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-400">
        {`© ${year} ${SHOP_NAME}. All rights reserved.`}
      </p>
    </footer>
  );
}
