import { PAYMENT_METHOD_LOGOS } from '../../../common/shop-info';

/** A mark's file in public/payment-marks/ (our own simple word marks, no brand artwork). */
export const markFile = (name: string) => `/payment-marks/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;

/**
 * The ways to pay as small marks (the footer). Static SVG files rather than inline markup: the
 * footer is on every page, and inline SVG would be JavaScript every first load carries. Sized in
 * the markup, so nothing shifts when they arrive.
 */
export function PaymentMarks() {
  return (
    <ul className="mt-3 grid w-fit grid-cols-4 gap-1.5 sm:grid-cols-6 md:grid-cols-4" aria-label="Ways to pay">
      {PAYMENT_METHOD_LOGOS.map((name) => (
        <li key={name}>
          <img src={markFile(name)} alt={name} width={64} height={32} loading="lazy" className="rounded-md ring-1 ring-gray-200" />
        </li>
      ))}
    </ul>
  );
}
