import { describe, expect, it } from 'vitest';
import { markFields } from './useIntentForm';

describe('markFields', () => {
  it("gives each invalid field its first message, or the field's hint where the rulebook shares one message", () => {
    const errors = [
      { field: 'firstName', message: 'Please fill in the important details.' },
      { field: 'birthday', message: 'Please fill in the important details.' },
      { field: 'firstName', message: 'a later rule' },
      { field: null, message: 'no field' },
    ];
    expect(markFields(errors, { firstName: 'Enter your first name' })).toEqual({
      firstName: 'Enter your first name',
      birthday: 'Please fill in the important details.',
    });
    expect(markFields(null)).toEqual({});
  });
});
