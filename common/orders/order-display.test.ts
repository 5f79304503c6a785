import { describe, expect, it } from 'vitest';
import { formatOrderDate, trackingLinkHref, trackingNumberDisplay } from './order-display';

describe('order display', () => {
  it("dates read 'MMM DD, YYYY' in Manila", () => {
    expect(formatOrderDate('2024-01-05T03:00:00Z')).toBe('Jan 05, 2024');
    // 20:00 UTC on Dec 31 is already Jan 1 in Manila (UTC+8).
    expect(formatOrderDate('2023-12-31T20:00:00Z')).toBe('Jan 01, 2024');
    expect(formatOrderDate('nonsense')).toBe('');
  });

  it('tracking number: N/A when empty', () => {
    expect(trackingNumberDisplay(null)).toBe('N/A');
    expect(trackingNumberDisplay('  ')).toBe('N/A');
    expect(trackingNumberDisplay('LBC123')).toBe('LBC123');
  });

  it('tracking link: null (N/A) when empty, https:// prefixed without a scheme', () => {
    expect(trackingLinkHref('')).toBeNull();
    expect(trackingLinkHref(undefined)).toBeNull();
    expect(trackingLinkHref('track.lbc.ph/123')).toBe('https://track.lbc.ph/123');
    expect(trackingLinkHref('http://track.example/1')).toBe('http://track.example/1');
    expect(trackingLinkHref('https://track.example/1')).toBe('https://track.example/1');
    expect(trackingLinkHref('javascript:alert(1)')).toBeNull();
  });
});
