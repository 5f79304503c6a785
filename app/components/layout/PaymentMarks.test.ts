import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_LOGOS } from '../../../common/shop-info';
import { markFile } from './PaymentMarks';

describe('payment marks', () => {
  it('has our own SVG file, titled with its name, for every way to pay the footer lists', () => {
    for (const name of PAYMENT_METHOD_LOGOS) {
      const file = path.resolve('public', `.${markFile(name)}`);
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
      expect(svg).toContain(`<title>${name}</title>`);
      // Drawn here: no embedded or linked artwork.
      expect(svg).not.toMatch(/<image|href=/);
    }
  });
});
