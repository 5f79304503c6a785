// How the order screens and emails show dates and tracking (spec 1 "Order details"; spec 2
// section 9: orders use 'MMM DD, YYYY').

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'MMM DD, YYYY' in Asia/Manila, e.g. 'Jan 05, 2024'. */
export function formatOrderDate(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Manila',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return `${MONTHS[get('month') - 1]} ${String(get('day')).padStart(2, '0')}, ${get('year')}`;
}

/** Date and time in Asia/Manila for the status history, e.g. 'Jan 05, 2024 3:04 PM'. */
export function formatOrderDateTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit' }).format(date);
  return `${formatOrderDate(date)} ${time}`;
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
