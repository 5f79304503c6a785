import { describe, expect, it } from 'vitest';
import { writtenBytes } from './recorded-response';

describe('writtenBytes', () => {
  it('gives the bytes a write sends, for each kind of chunk', () => {
    const buffer = Buffer.from('page');
    expect(writtenBytes(buffer, undefined)).toBe(buffer);
    expect(writtenBytes('₱1', undefined)).toEqual(Buffer.from('₱1', 'utf8'));
    expect(writtenBytes('cGFnZQ==', 'base64')).toEqual(Buffer.from('page'));
    expect(writtenBytes(null, undefined)).toBeNull();
    expect(writtenBytes(() => undefined, undefined)).toBeNull();
  });

  it('copies a Uint8Array, so a writer reusing its memory does not change what was kept', () => {
    const view = new Uint8Array([1, 2, 3]);
    const kept = writtenBytes(view, undefined)!;
    view[0] = 9;
    expect([...kept]).toEqual([1, 2, 3]);
  });
});
