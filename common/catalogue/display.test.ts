import { describe, expect, it } from 'vitest';
import { bannerTarget, formatReviewDate, imageCaption, installmentPlan, needsReadMore, reviewerName } from './display';
import { DEFAULT_INSTALLMENT_FACTORS, INSTALLMENT_FACTOR_MESSAGE, INSTALLMENT_FACTOR_TERMS } from './installment-factors';
import { installmentFactorsSchema } from './installment-factors-schema';

describe('installment calculator', () => {
  it('takes 34% down, rounded up to the next 100, and the rest monthly, rounded up', () => {
    // 34% of 10,000 = 3,400 exactly; 6,600 over 12 = 550.
    expect(installmentPlan(10_000)).toEqual({ downPayment: 3400, monthly: 550, term: 12 });
    // 34% of 12,999 = 4,419.66 -> 4,500; 8,499 / 12 = 708.25 -> 709.
    expect(installmentPlan(12_999, 12)).toEqual({ downPayment: 4500, monthly: 709, term: 12 });
    // The fixed 3-month calculator.
    expect(installmentPlan(12_999, 3)).toEqual({ downPayment: 4500, monthly: 2833, term: 3 });
  });

  it("applies the provider's factor of the term to the financed amount", () => {
    const table = INSTALLMENT_FACTOR_TERMS.map((term) => ({ term, factor: 1 + term / 100 }));
    // 10,000: 3,400 down; 6,600 x 1.12 = 7,392 over 12 = 616.
    expect(installmentPlan(10_000, 12, table)).toEqual({ downPayment: 3400, monthly: 616, term: 12 });
    // 12,999: 4,500 down; 8,499 x 1.03 = 8,753.97 over 3 = 2,917.99 -> 2,918.
    expect(installmentPlan(12_999, 3, table)).toEqual({ downPayment: 4500, monthly: 2918, term: 3 });
    // 6,600 x 1.2 = 7,920 over 12 = 660 exactly: no peso added by floating-point error.
    expect(installmentPlan(10_000, 12, [{ term: 12, factor: 1.2 }]).monthly).toBe(660);
    // 6,600 x 1.0333 = 6,819.78 over 6 = 1,136.63 -> 1,137.
    expect(installmentPlan(10_000, 6, [{ term: 6, factor: 1.0333 }]).monthly).toBe(1137);
  });

  it('uses 1.0 for a term the table lacks, and without a table', () => {
    expect(installmentPlan(10_000, 12, [{ term: 3, factor: 2 }]).monthly).toBe(550);
    expect(installmentPlan(10_000, 12, null).monthly).toBe(550);
    expect(installmentPlan(10_000, 12, DEFAULT_INSTALLMENT_FACTORS).monthly).toBe(550);
  });

  it('keeps the term within 1 to 12 months', () => {
    expect(installmentPlan(1000, 24).term).toBe(12);
    expect(installmentPlan(1000, 0).term).toBe(1);
  });
});

describe('review display', () => {
  it('formats dates as MMM. DD, YYYY in Manila time', () => {
    expect(formatReviewDate('2024-01-05T03:00:00Z')).toBe('Jan. 05, 2024');
    // 20:00 UTC on 4 January is 04:00 on 5 January in Manila.
    expect(formatReviewDate('2024-01-04T20:00:00Z')).toBe('Jan. 05, 2024');
  });

  it('shows Read More from 95 characters', () => {
    expect(needsReadMore('x'.repeat(94))).toBe(false);
    expect(needsReadMore('x'.repeat(95))).toBe(true);
    expect(needsReadMore(null)).toBe(false);
  });

  it('names reviewers or says Anonymous', () => {
    expect(reviewerName({ firstName: 'Maria', lastName: 'Santos' })).toBe('Maria Santos');
    expect(reviewerName({ firstName: ' ', lastName: '' })).toBe('Anonymous');
    expect(reviewerName(null)).toBe('Anonymous');
  });

  it('captions images N out of M image/s', () => {
    expect(imageCaption(0, 4)).toBe('1 out of 4 image/s');
  });
});

describe('banner links', () => {
  it('leaves the site for http links', () => {
    expect(bannerTarget('https://example.com/promo', false)).toEqual({ kind: 'external', href: 'https://example.com/promo' });
  });

  it('sends visitors to the signup dialog and does nothing for signed-in users', () => {
    expect(bannerTarget('/signup', false)).toEqual({ kind: 'internal', to: '/?open=signup' });
    expect(bannerTarget('/?open=signup', true)).toEqual({ kind: 'none' });
  });

  it('keeps other links inside the app', () => {
    expect(bannerTarget('/shop/category/Q2F0ZWdvcnk6MQ==', false)).toEqual({ kind: 'internal', to: '/shop/category/Q2F0ZWdvcnk6MQ==' });
    expect(bannerTarget('shop', true)).toEqual({ kind: 'internal', to: '/shop' });
    expect(bannerTarget('', true)).toEqual({ kind: 'none' });
  });
});

describe('installment factor table', () => {
  const full = INSTALLMENT_FACTOR_TERMS.map((term) => ({ term, factor: 1.5 }));
  it('accepts 12 terms with factors 1.0 to 3.0, in term order, to four decimals', () => {
    const parsed = installmentFactorsSchema.parse([...full].reverse().map((r) => (r.term === 1 ? { term: 1, factor: 1.123456 } : r)));
    expect(parsed.map((r) => r.term)).toEqual(INSTALLMENT_FACTOR_TERMS);
    expect(parsed[0]).toEqual({ term: 1, factor: 1.1235 });
  });

  it('refuses a missing or repeated term and a factor out of range', () => {
    const message = (rows: unknown) => {
      const r = installmentFactorsSchema.safeParse(rows);
      return r.success ? null : r.error.issues[0]?.message;
    };
    expect(message(full.slice(1))).toBe(INSTALLMENT_FACTOR_MESSAGE);
    expect(message([...full.slice(1), { term: 2, factor: 1 }])).toBe(INSTALLMENT_FACTOR_MESSAGE);
    expect(message(full.map((r) => (r.term === 5 ? { term: 5, factor: 0.9 } : r)))).toBe(INSTALLMENT_FACTOR_MESSAGE);
    expect(message(full.map((r) => (r.term === 5 ? { term: 5, factor: 3.01 } : r)))).toBe(INSTALLMENT_FACTOR_MESSAGE);
    expect(message(full.map((r) => (r.term === 5 ? { term: 5, factor: Number.NaN } : r)))).toBe(INSTALLMENT_FACTOR_MESSAGE);
  });
});
