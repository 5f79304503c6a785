// Calendar dates and times in the shop's time zone. Manila has kept UTC+8, with no daylight
// saving, since 29 July 1990 (IANA's Asia/Manila; manila-date.test.ts checks it against Intl for
// every six hours since then): a moment since then is read from its UTC fields shifted by eight
// hours, without Intl. A browser's first Intl.DateTimeFormat with a time zone loads ICU's zone
// data (~15-40 ms of the main thread at Lighthouse's 4x slowdown) while the storefront's first
// page loads (bench/README.md change 161). Earlier moments go to Intl, built on first use and
// kept: building one per call was 3.5% of a home page render (the CPU profile).

export const SHOP_TIME_ZONE = 'Asia/Manila';

const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;
/** Manila's last change of offset (the end of 1990's daylight saving), in UTC. */
export const FIXED_OFFSET_SINCE = Date.UTC(1990, 6, 28, 15);

let intlFormats: { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } | null = null;
const intl = () =>
  (intlFormats ??= {
    date: new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: 'numeric', day: 'numeric' }),
    time: new Intl.DateTimeFormat('en-US', { timeZone: SHOP_TIME_ZONE, hour: 'numeric', minute: '2-digit' }),
  });

export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** The moment shifted so that its UTC fields read Manila's wall clock; null before 1990's change. */
function manilaWallClock(date: Date): Date | null {
  const time = date.getTime();
  return time >= FIXED_OFFSET_SINCE ? new Date(time + MANILA_OFFSET_MS) : null;
}

/** Year, month (1-12) and day of a moment in Manila; null for an invalid date. */
export function manilaDate(value: string | Date): { year: number; month: number; day: number } | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const wall = manilaWallClock(date);
  if (wall) return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate() };
  const parts = intl().date.formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** 'h:mm AM' in Manila. */
export function manilaTime(date: Date): string {
  const wall = manilaWallClock(date);
  if (!wall) return intl().time.format(date);
  const hours = wall.getUTCHours();
  return `${hours % 12 || 12}:${String(wall.getUTCMinutes()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}
