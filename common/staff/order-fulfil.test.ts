import { describe, expect, it } from 'vitest';
import { FULFIL_MESSAGES, fulfilSchema, isTrackingLink } from './order-fulfil';

describe('fulfil: tracking link', () => {
  it.each([
    'www.lbcexpress.com/track/?tracking_no=123456789012',
    'track.jtexpress.ph/index/query/gzquery.html?bills=JT0001',
    'https://www.lbcexpress.com/track',
    'http://tracking.2go.com.ph/?n=1',
  ])('accepts %s as typed', (link) => {
    const parsed = fulfilSchema.safeParse({ trackingNumber: 'X1', trackingLink: `  ${link}  ` });
    expect(parsed.success && parsed.data.trackingLink).toBe(link);
  });

  it.each(['javascript:alert(1)', 'mailto:ops@suki.ph', 'lbcexpress', 'www.lbc express.com/track', 'ftp://files.example.com/x', 'https://localhost/x'])(
    'refuses %s',
    (link) => {
      expect(isTrackingLink(link)).toBe(false);
      const parsed = fulfilSchema.safeParse({ trackingNumber: 'X1', trackingLink: link });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(FULFIL_MESSAGES.trackingLink);
    },
  );

  it('an empty link is none', () => {
    const parsed = fulfilSchema.safeParse({ trackingNumber: 'X1', trackingLink: '  ' });
    expect(parsed.success && parsed.data.trackingLink).toBeNull();
  });
});
