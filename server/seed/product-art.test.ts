import { describe, expect, it } from 'vitest';
import { brandFontSize, posterLayout, posterSvg } from './product-art';

describe('posterLayout', () => {
  it.each([
    [800, 800, 1],
    [800, 800, 2],
    [600, 900, 2],
    [1020, 1020, 1],
  ])('keeps the device below the text and inside a %ix%i picture (%i headline lines)', (w, h, lines) => {
    const l = posterLayout(w, h, lines);
    expect(l.deviceTop).toBeGreaterThan(l.textBottom);
    expect(l.deviceBottom).toBeLessThanOrEqual(h);
    expect(l.device.scale).toBeGreaterThan(0.5);
  });

  it('draws the headline before the device', () => {
    const svg = posterSvg({ width: 800, height: 800, headline: 'Holiday Sale', subline: 'Up to 20% off', color: '#c8283a', kind: 'voucher', label: '20% OFF' });
    expect(svg.indexOf('Holiday Sale')).toBeGreaterThan(0);
    expect(svg.indexOf('Holiday Sale')).toBeLessThan(svg.indexOf('GIFT VOUCHER'));
  });
});

describe('brandFontSize', () => {
  it.each(['Samsung', 'Michelin', 'Bridgestone', 'Apple', 'JBL'])('fits %s inside the tile', (name) => {
    // 0.72 em per letter is wider than any bold Latin wordmark's average; the tile is 450 wide.
    expect(name.length * 0.72 * brandFontSize(name)).toBeLessThanOrEqual(400);
  });
});
