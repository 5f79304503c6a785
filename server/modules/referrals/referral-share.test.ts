// The share link's QR image is drawn once per link: the account page shows it on every visit.
import { describe, expect, it } from 'vitest';
import { qrDataUrl } from './referral-share';

const BUDGET = 2 * 1024 * 1024;

describe('qrDataUrl', () => {
  it('draws a link once and answers it again from memory, another link anew', async () => {
    const first = qrDataUrl('https://suki.example/?signup_token=ABCD1234', BUDGET);
    expect(qrDataUrl('https://suki.example/?signup_token=ABCD1234', BUDGET)).toBe(first);
    const other = qrDataUrl('https://suki.example/?signup_token=WXYZ9876', BUDGET);
    expect(other).not.toBe(first);
    expect(await first).toMatch(/^data:image\/png;base64,/);
    expect(await other).not.toBe(await first);
  });

  it('keeps nothing with a budget of 0 (QR_CACHE_MB=0), and draws the same image', async () => {
    const link = 'https://suki.example/?signup_token=NOKEEP01';
    const first = qrDataUrl(link, 0);
    const second = qrDataUrl(link, 0);
    expect(second).not.toBe(first);
    expect(await second).toBe(await first);
  });
});
