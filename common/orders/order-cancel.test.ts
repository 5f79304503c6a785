import { describe, expect, it } from 'vitest';
import { validate } from '../validation/issues';
import { CANCEL_MESSAGES, cancelRequestSchema } from './order-cancel';

describe('cancel request rules', () => {
  it('needs a reason', () => {
    const result = validate(cancelRequestSchema, { reason: '', note: '' });
    expect(result.ok ? null : result.errors[0]!.message).toBe('Please set a reason');
    expect(validate(cancelRequestSchema, {}).ok).toBe(false);
  });
  it('OTHERS needs a note; the other reasons do not', () => {
    const others = validate(cancelRequestSchema, { reason: 'OTHERS', note: '   ' });
    expect(others.ok ? null : others.errors[0]).toEqual({ field: 'note', message: CANCEL_MESSAGES.noteRequired });
    expect(validate(cancelRequestSchema, { reason: 'OTHERS', note: 'Found it cheaper' }).ok).toBe(true);
    expect(validate(cancelRequestSchema, { reason: 'CHANGE_PAYMENT_METHOD' })).toEqual({
      ok: true,
      data: { reason: 'CHANGE_PAYMENT_METHOD', note: '' },
    });
  });
  it('notes up to 500 characters', () => {
    expect(validate(cancelRequestSchema, { reason: 'OTHERS', note: 'x'.repeat(500) }).ok).toBe(true);
    const long = validate(cancelRequestSchema, { reason: 'OTHERS', note: 'x'.repeat(501) });
    expect(long.ok ? null : long.errors[0]!.message).toBe(CANCEL_MESSAGES.noteTooLong);
  });
});
