// Calendar quarters of the withholding reports ("2026-Q3"), in Manila's calendar
// (docs/decisions/051-withholding-on-payouts.md): what a certificate or an alphalist covers, and
// the quarters the staff screen offers.

export type Quarter = { year: number; quarter: 1 | 2 | 3 | 4 };

/** "2026-Q3" -> { year: 2026, quarter: 3 }; null for anything else. */
export function parseQuarter(text: string | null | undefined): Quarter | null {
  const m = /^(\d{4})-Q([1-4])$/.exec((text ?? '').trim().toUpperCase());
  if (!m) return null;
  const year = Number(m[1]);
  if (year < 2000 || year > 2999) return null;
  return { year, quarter: Number(m[2]) as Quarter['quarter'] };
}

export const quarterKey = (q: Quarter) => `${q.year}-Q${q.quarter}`;

const MANILA_OFFSET_MS = 8 * 3_600_000; // Asia/Manila is UTC+8 all year (no daylight saving).

/** The quarter's first instant and the next quarter's, in UTC, for Manila's calendar. */
export function quarterBounds(q: Quarter): { from: Date; to: Date } {
  const first = (q.quarter - 1) * 3;
  return { from: new Date(Date.UTC(q.year, first, 1) - MANILA_OFFSET_MS), to: new Date(Date.UTC(q.year, first + 3, 1) - MANILA_OFFSET_MS) };
}

/** The Manila calendar quarter and month (0, 1 or 2 within the quarter) of an instant. */
export function manilaQuarterOf(at: Date): Quarter & { monthOfQuarter: 0 | 1 | 2 } {
  const local = new Date(at.getTime() + MANILA_OFFSET_MS);
  const month = local.getUTCMonth();
  return { year: local.getUTCFullYear(), quarter: (Math.floor(month / 3) + 1) as Quarter['quarter'], monthOfQuarter: (month % 3) as 0 | 1 | 2 };
}

/** The quarter of `now` and the `count - 1` before it, newest first ("2026-Q4", "2026-Q3", ...). */
export function recentQuarters(now: Date, count: number): string[] {
  const { year, quarter } = manilaQuarterOf(now);
  return Array.from({ length: count }, (_, i) => {
    const index = year * 4 + (quarter - 1) - i;
    return quarterKey({ year: Math.floor(index / 4), quarter: ((index % 4) + 1) as Quarter['quarter'] });
  });
}
