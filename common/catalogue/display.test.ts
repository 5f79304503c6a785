import { describe, expect, it } from 'vitest';
import { bannerTarget, formatReviewDate, imageCaption, installmentPlan, needsReadMore, reviewerName } from './display';

describe('installment calculator', () => {
  it('takes 34% down, rounded up to the next 100, and the rest monthly, rounded up', () => {
    // 34% of 10,000 = 3,400 exactly; 6,600 over 12 = 550.
    expect(installmentPlan(10_000)).toEqual({ downPayment: 3400, monthly: 550, term: 12 });
    // 34% of 12,999 = 4,419.66 -> 4,500; 8,499 / 12 = 708.25 -> 709.
    expect(installmentPlan(12_999, 12)).toEqual({ downPayment: 4500, monthly: 709, term: 12 });
    // The fixed 3-month calculator.
    expect(installmentPlan(12_999, 3)).toEqual({ downPayment: 4500, monthly: 2833, term: 3 });
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
