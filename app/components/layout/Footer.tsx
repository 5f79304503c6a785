import { Link } from 'react-router';
import { CONTACT_EMAIL, SHOP_NAME, SHOP_TAGLINE, SOCIAL_LINKS } from '../../../common/shop-info';
import { PaymentMarks } from './PaymentMarks';

const LINKS = [
  ['/faqs', 'FAQs'],
  [`mailto:${CONTACT_EMAIL}`, 'Contact Us'],
  ['/terms-conditions', 'Terms'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/about', 'About'],
  ['/categories', 'Categories'],
  ['/brands', 'Brands'],
] as const;

const heading = 'text-xs font-semibold uppercase tracking-wider text-gray-400';

/**
 * `sellerLines`: who sells (registered name, business address, contact, registration numbers),
 * as the Internet Transactions Act has an online seller show them; none until staff enter them.
 */
export function Footer({ year, sellerLines }: { year: number; sellerLines: string[] }) {
  return (
    <footer className="mt-12 bg-gray-900 text-gray-200 md:mt-16">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-8 py-10 md:grid-cols-[1.2fr_1.6fr_1.4fr] md:py-12">
        <div className="col-span-2 md:col-span-1">
          <p className="text-2xl font-extrabold tracking-tight text-primary">{SHOP_NAME}</p>
          <p className="mt-2 max-w-xs text-sm text-gray-300">{SHOP_TAGLINE}</p>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Social links">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a href={social.href} rel="noopener noreferrer" target="_blank" className="hover:text-primary">
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer" className="col-span-2 md:col-span-1">
          <p className={heading}>Help and shop</p>
          <ul className="mt-3 grid grid-flow-col grid-cols-2 grid-rows-4 gap-x-6 gap-y-2 text-sm">
            {LINKS.map(([to, label]) => (
              <li key={to}>
                {/* A mail link is no route: a plain anchor. */}
                {to.startsWith('mailto:') ? <a href={to} className="hover:text-primary">{label}</a> : <Link to={to} className="hover:text-primary">{label}</Link>}
              </li>
            ))}
          </ul>
        </nav>
        <div className="col-span-2 md:col-span-1">
          <p className={heading}>Payment Methods</p>
          <PaymentMarks />
        </div>
      </div>
      {sellerLines.length ? (
        <address className="container-page border-t border-gray-800 py-4 text-xs not-italic leading-relaxed text-gray-400" aria-label="Seller details">
          {sellerLines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </address>
      ) : null}
      <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-400">
        {`© ${year} ${SHOP_NAME}. All rights reserved.`}
      </p>
    </footer>
  );
}
