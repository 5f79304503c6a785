// The withholding reports' quarters in Manila's calendar: parsing, bounds, and an instant's month.
import { describe, expect, it } from 'vitest';
import { manilaQuarterOf, parseQuarter, quarterBounds, recentQuarters } from './withholding-quarter';

describe('withholding quarters', () => {
  it('reads "2026-Q3" (any case, trimmed) and refuses anything else', () => {
    expect(parseQuarter(' 2026-q3 ')).toEqual({ year: 2026, quarter: 3 });
    for (const bad of ['2026-Q5', '2026Q3', '26-Q1', '', null, '1999-Q1']) expect(parseQuarter(bad)).toBeNull();
  });

  it("bounds a quarter at Manila's midnights (UTC+8)", () => {
    expect(quarterBounds({ year: 2026, quarter: 1 })).toEqual({ from: new Date('2025-12-31T16:00:00Z'), to: new Date('2026-03-31T16:00:00Z') });
    expect(quarterBounds({ year: 2026, quarter: 4 }).to).toEqual(new Date('2026-12-31T16:00:00Z'));
  });

  it("places an instant in Manila's quarter and month", () => {
    expect(manilaQuarterOf(new Date('2026-09-30T16:30:00Z'))).toEqual({ year: 2026, quarter: 4, monthOfQuarter: 0 });
    expect(manilaQuarterOf(new Date('2026-09-30T15:59:59Z'))).toEqual({ year: 2026, quarter: 3, monthOfQuarter: 2 });
  });

  it('lists the recent quarters newest first, across a year', () => {
    expect(recentQuarters(new Date('2026-02-10T00:00:00Z'), 3)).toEqual(['2026-Q1', '2025-Q4', '2025-Q3']);
  });
});
