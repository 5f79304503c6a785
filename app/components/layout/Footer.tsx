import { Link } from 'react-router';
import { DELIVERY_PROMISE } from '../../../common/checkout/delivery-promise';
import { CONTACT_EMAIL, SHOP_NAME, SHOP_TAGLINE, SOCIAL_LINKS } from '../../../common/shop-info';
import { RETURN_DAYS } from '../../../common/shop-promises';
import { PaymentMarks } from './PaymentMarks';

const linkClass = 'hover:text-primary hover:underline';

export function Footer({ year }: { year: number }) {
  return (
    <footer className="mt-12 bg-gray-900 text-gray-200 md:mt-16">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-8 py-10 md:grid-cols-[1.2fr_1.6fr_1.4fr] md:py-12">
        <div className="col-span-2 md:col-span-1">
          <p className="text-2xl font-extrabold tracking-tight text-primary">{SHOP_NAME}</p>
          <p className="mt-2 max-w-xs text-sm text-gray-300">{SHOP_TAGLINE}</p>
          <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Social links">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.name}>
                <a href={social.href} rel="noopener noreferrer" target="_blank" className={linkClass}>
                  {social.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Footer" className="col-span-2 grid grid-cols-2 gap-6 md:col-span-1">
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-gray-400">Shop</p>
            <ul className="mt-3 grid gap-2 text-sm">
              <li><Link to="/shop" className={linkClass}>All products</Link></li>
              <li><Link to="/shop/best-deals/today" className={linkClass}>Best deals</Link></li>
              <li><Link to="/categories" className={linkClass}>Categories</Link></li>
              <li><Link to="/brands" className={linkClass}>Brands</Link></li>
              <li><Link to="/tire-search" className={linkClass}>Tire Search</Link></li>
            </ul>
          </div>
          <div>
            <p className="text-xs font-semibold uppercase tracking-wider text-gray-400">Help</p>
            <ul className="mt-3 grid gap-2 text-sm">
              <li><Link to="/faqs" className={linkClass}>FAQs</Link></li>
              <li><a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>Contact Us</a></li>
              <li><Link to="/terms-conditions" className={linkClass}>Terms</Link></li>
              <li><Link to="/privacy-policy" className={linkClass}>Privacy Policy</Link></li>
              <li><Link to="/about" className={linkClass}>About</Link></li>
            </ul>
          </div>
        </nav>
        <div className="col-span-2 md:col-span-1">
          <p className="text-xs font-semibold uppercase tracking-wider text-gray-400">Payment Methods</p>
          <PaymentMarks className="mt-3 grid w-fit grid-cols-4 gap-1.5 sm:grid-cols-6 md:grid-cols-4" />
          <p className="mt-4 text-xs text-gray-400">
            Delivery in {DELIVERY_PROMISE} nationwide · {RETURN_DAYS}-day returns on damaged or defective items
          </p>
        </div>
      </div>
      <p className="border-t border-gray-800 py-4 text-center text-xs text-gray-400">
        {`© ${year} ${SHOP_NAME}. All rights reserved.`}
      </p>
    </footer>
  );
}
