import { encodeGlobalID } from '@pothos/plugin-relay';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../lib/domain-error';
import { parseRowId, requireRowId, rowIdOf } from './node-key';

describe('rowIdOf: the one parser of id arguments', () => {
  it('reads a global id of the type asked for, and only of that type', () => {
    expect(rowIdOf(encodeGlobalID('Order', 12), 'Order')).toBe(12);
    expect(rowIdOf(encodeGlobalID('Product', 12), 'Order')).toBeNull();
    expect(rowIdOf(encodeGlobalID('Banner', 3), ['Banner', 'Testimonial'])).toBe(3);
  });

  it('takes a bare number only where asked to', () => {
    expect(rowIdOf('12', 'Order')).toBeNull();
    expect(rowIdOf(' 12 ', 'Order', { bareNumbers: true })).toBe(12);
    expect(rowIdOf(12, 'Order', { bareNumbers: true })).toBe(12);
  });

  it('refuses what no integer column holds, however it is written', () => {
    expect(rowIdOf('2147483648', 'PaymayaCard', { bareNumbers: true })).toBeNull();
    expect(rowIdOf(encodeGlobalID('PaymayaCard', '2147483648'), 'PaymayaCard')).toBeNull();
    expect(rowIdOf(encodeGlobalID('Order', '0'), 'Order')).toBeNull();
    expect(rowIdOf(encodeGlobalID('Order', '1e3'), 'Order')).toBeNull();
    expect(rowIdOf('not an id', 'Order', { bareNumbers: true })).toBeNull();
    expect(parseRowId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses with the caller words on the caller field', () => {
    expect(() => requireRowId('x', 'Order', { message: 'Order not found.', field: 'orderId' })).toThrow(DomainError);
    try {
      requireRowId('x', 'Order', { message: 'Order not found.', field: 'orderId' });
    } catch (error) {
      expect((error as DomainError).errors).toEqual([{ field: 'orderId', message: 'Order not found.' }]);
    }
  });
});

describe('one parser', () => {
  it('is the only code that decodes global ids (tests aside)', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const root = path.resolve(import.meta.dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const decoding = files.filter((f) => !f.endsWith('node-key.ts') && /\bdecodeGlobalID\b/.test(readFileSync(path.join(root, f), 'utf8')));
    expect(decoding, 'parse id arguments with rowIdOf / requireRowId (server/graphql/node-key.ts)').toEqual([]);
  });
});
