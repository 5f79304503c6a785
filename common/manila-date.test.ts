import { describe, expect, it } from 'vitest';
import { FIXED_OFFSET_SINCE, manilaDate, manilaTime } from './manila-date';

const intlDate = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', year: 'numeric', month: 'numeric', day: 'numeric' });
const intlTime = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Manila', hour: 'numeric', minute: '2-digit' });
const fromIntl = (date: Date) => {
  const parts = Object.fromEntries(intlDate.formatToParts(date).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day) };
};

describe('Manila dates and times without Intl', () => {
  it('agrees with Intl at every step of 11h17m from a month before the last change of offset to 2060', () => {
    const step = (11 * 60 + 17) * 60 * 1000;
    for (let time = FIXED_OFFSET_SINCE - 30 * 86_400_000; time < Date.UTC(2060, 0, 1); time += step) {
      const date = new Date(time);
      expect(manilaDate(date)).toEqual(fromIntl(date));
      expect(manilaTime(date)).toBe(intlTime.format(date));
    }
  });

  it('reads midnight, noon and the day boundary in Manila, not UTC', () => {
    expect(manilaDate('2026-11-27T15:59:00Z')).toEqual({ year: 2026, month: 11, day: 27 });
    expect(manilaDate('2026-11-27T16:00:00Z')).toEqual({ year: 2026, month: 11, day: 28 });
    expect(manilaTime(new Date('2026-11-27T16:05:00Z'))).toBe('12:05 AM');
    expect(manilaTime(new Date('2026-11-27T04:00:00Z'))).toBe('12:00 PM');
    expect(manilaTime(new Date('2026-12-31T15:59:00Z'))).toBe('11:59 PM');
  });

  it('keeps daylight saving before 1990 (Intl) and refuses an invalid date', () => {
    // 1990-06-01 06:30 UTC was 15:30 in Manila (UTC+9 that summer), not 14:30.
    expect(manilaTime(new Date('1990-06-01T06:30:00Z'))).toBe('3:30 PM');
    expect(manilaDate('1990-06-01T15:30:00Z')).toEqual({ year: 1990, month: 6, day: 2 });
    // The last hour of it: 14:59 UTC was 23:59, then the clocks went back to 23:00.
    expect(manilaTime(new Date('1990-07-28T14:59:00Z'))).toBe('11:59 PM');
    expect(manilaTime(new Date(FIXED_OFFSET_SINCE))).toBe('11:00 PM');
    expect(manilaDate('not a date')).toBeNull();
  });
});
