// Small display rules of the catalogue screens: installments, review dates, Read More, banners.
import { MONTH_ABBREVIATIONS, manilaDate } from '../manila-date';
import { FACTOR_SCALE, factorFor, type InstallmentFactor } from './installment-factors';

/** Installment calculator (docs/product/catalogue.md#installment-calculators): term 1-12 months, default 12; a second one fixed at 3. */
export const INSTALLMENT_TERMS = Array.from({ length: 12 }, (_, i) => i + 1);
export const DEFAULT_INSTALLMENT_TERM = 12;
export const FIXED_INSTALLMENT_TERM = 3;
export const DOWN_PAYMENT_RATE = 0.34;

export type InstallmentPlan = { downPayment: number; monthly: number; term: number };

/**
 * Down payment 34% rounded up to the next 100 pesos; the rest (the financed amount) times the
 * provider's factor for the term, over the term, rounded up to the peso. Without a table the
 * factor is 1.0.
 */
export function installmentPlan(
  pricePesos: number,
  term: number = DEFAULT_INSTALLMENT_TERM,
  factors?: readonly InstallmentFactor[] | null,
): InstallmentPlan {
  const months = Math.min(12, Math.max(1, Math.round(term)));
  // Work in centavos and in ten-thousandths of the factor: integers only, so 34% of a round
  // price or a factor of 1.05 is not nudged up a peso by floating-point error.
  const priceCentavos = Math.round(pricePesos * 100);
  const downPayment = Math.min(pricePesos, Math.ceil((priceCentavos * 34) / 100 / 10_000) * 100);
  const rest = Math.max(0, priceCentavos - downPayment * 100);
  const factor = Math.round(factorFor(factors, months) * FACTOR_SCALE);
  return { downPayment, monthly: Math.ceil((rest * factor) / (months * 100 * FACTOR_SCALE)), term: months };
}

/** Review dates 'MMM. DD, YYYY' in Asia/Manila, e.g. 'Jan. 05, 2024'. */
export function formatReviewDate(iso: string | Date): string {
  const d = manilaDate(iso);
  if (!d) return '';
  return `${MONTH_ABBREVIATIONS[d.month - 1]}. ${String(d.day).padStart(2, '0')}, ${d.year}`;
}

export const READ_MORE_AT = 95;
export const TESTIMONIAL_INTERVAL_MS = 6800;
export const COPY_TOAST_MS = 3000;
export const COPY_TOAST_TEXT = 'Link copy to clipboard';
export const ANONYMOUS = 'Anonymous';

export function needsReadMore(note: string | null | undefined): boolean {
  return (note ?? '').length >= READ_MORE_AT;
}

export function reviewerName(user: { firstName?: string | null; lastName?: string | null } | null | undefined): string {
  const name = [user?.firstName, user?.lastName].filter((p) => p && p.trim()).join(' ').trim();
  return name || ANONYMOUS;
}

export function imageCaption(index: number, total: number): string {
  return `${index + 1} out of ${total} image/s`;
}

/** Under this width a banner is a link; at or above it, a button with the banner's label. */
export const BANNER_CLICK_THRESHOLD_PX = 450;

export type BannerTarget =
  | { kind: 'external'; href: string }
  | { kind: 'internal'; to: string }
  | { kind: 'none' };

/**
 * Where a banner (or announcement) link goes: http links leave the site; a signup link sends a
 * visitor home with open=signup and does nothing for a signed-in user; others stay in the app.
 */
export function bannerTarget(link: string | null | undefined, signedIn: boolean): BannerTarget {
  const href = (link ?? '').trim();
  if (!href) return { kind: 'none' };
  if (/^https?:\/\//i.test(href)) return { kind: 'external', href };
  if (/(^|[/?&=])signup\b/i.test(href)) return signedIn ? { kind: 'none' } : { kind: 'internal', to: '/?open=signup' };
  return { kind: 'internal', to: href.startsWith('/') ? href : `/${href}` };
}
