// How the order screens and emails show dates and tracking (docs/product/orders-and-payments.md#order-details;
// docs/product/limits.md#display-timings: orders use 'MMM DD, YYYY').
import { MONTH_ABBREVIATIONS, manilaDate, manilaTime } from '../manila-date';

/** 'MMM DD, YYYY' in Asia/Manila, e.g. 'Jan 05, 2024'. */
export function formatOrderDate(value: string | Date): string {
  const d = manilaDate(value);
  if (!d) return '';
  return `${MONTH_ABBREVIATIONS[d.month - 1]} ${String(d.day).padStart(2, '0')}, ${d.year}`;
}

/** Date and time in Asia/Manila for the status history, e.g. 'Jan 05, 2024 3:04 PM'. */
export function formatOrderDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return `${formatOrderDate(date)} ${manilaTime(date)}`;
}

export const NOT_AVAILABLE = 'N/A';

/** The tracking number, or N/A when empty. */
export function trackingNumberDisplay(value: string | null | undefined): string {
  return value?.trim() ? value.trim() : NOT_AVAILABLE;
}

/**
 * The tracking link as an href: null when empty (shown as N/A); https:// is prefixed when the
 * link has no scheme. Only http(s) links are followed: anything else (javascript:, data:) is null.
 */
export function trackingLinkHref(value: string | null | undefined): string | null {
  const link = value?.trim();
  if (!link) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(link) ? link : `https://${link.replace(/^\/+/, '')}`;
  return /^https?:\/\//i.test(withScheme) ? withScheme : null;
}
