import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, base64ByteLength, isBirthday } from './account';
import { accountRegisterSchema, loginSchema, passwordChangeFormSchema, profileSchema, signUpFormSchema } from './account-schemas';
import { formatPhone, nationalPhone, normalizePhone } from './address';
import { addressSchema } from './address-schema';
import { bankDetailsSchema } from './bank-schema';
import { validate } from './issues';

const good = { firstName: ' Ana ', lastName: 'Cruz', email: ' ana@example.com ', password: 'secret-1', confirmPassword: 'secret-1' };

describe('sign up', () => {
  it('tells an empty email from a malformed one, in words without a slash', () => {
    const empty = validate(signUpFormSchema, { ...good, email: '  ' });
    const malformed = validate(signUpFormSchema, { ...good, email: 'juan@' });
    expect(empty).toMatchObject({ ok: false, errors: [{ field: 'email', message: 'Please enter your email address.' }] });
    expect(malformed).toMatchObject({ ok: false, errors: [{ field: 'email', message: 'Please enter a valid email address, such as juan@example.com.' }] });
    for (const message of Object.values(M)) expect(message).not.toMatch(/\w\/\w/);
  });

  it('trims names and email and normalizes the Commissioner Key', () => {
    const r = validate(signUpFormSchema, { ...good, referralCode: ' abc ' });
    expect(r).toMatchObject({ ok: true, data: { firstName: 'Ana', email: 'ana@example.com', referralCode: 'ABC' } });
  });
  it('reports the rulebook messages in the rulebook order', () => {
    const r = validate(signUpFormSchema, { firstName: ' ', lastName: '', email: 'x', password: ' ', confirmPassword: 'y' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    // The first message is the rulebook's; every invalid field is named (both empty names).
    expect(r.errors.map((e) => [e.field, e.message])).toEqual([
      ['firstName', M.namesEmpty],
      ['lastName', M.namesEmpty],
      ['email', M.emailInvalid],
      ['password', M.passwordEmpty],
      ['confirmPassword', M.passwordMismatch],
    ]);
    const ws = validate(signUpFormSchema, { ...good, password: 'a b', confirmPassword: 'a b' });
    expect(ws).toMatchObject({ ok: false, errors: [{ field: 'password', message: M.passwordWhitespace }] });
  });
  it('asks for at least 8 characters, after the rulebook rules', () => {
    const short = validate(signUpFormSchema, { ...good, password: 'abc1234', confirmPassword: 'abc1234' });
    expect(short).toMatchObject({ ok: false, errors: [{ field: 'password', message: M.passwordTooShort }] });
    expect(validate(signUpFormSchema, { ...good, password: 'abcd1234', confirmPassword: 'abcd1234' }).ok).toBe(true);
  });
  it('has no confirmation on the wire', () => {
    expect(validate(accountRegisterSchema, { ...good, confirmPassword: undefined }).ok).toBe(true);
  });
});

describe('other account forms', () => {
  it('login needs both fields', () => {
    expect(validate(loginSchema, { email: 'a@b.co', password: '' })).toMatchObject({ ok: false, errors: [{ message: M.loginEmpty }] });
  });
  it('change password needs a matching confirmation', () => {
    expect(validate(passwordChangeFormSchema, { oldPassword: 'a', newPassword: 'b', confirmPassword: 'c' })).toMatchObject({
      ok: false,
      errors: [{ message: M.changePasswordMismatch }],
    });
  });
  it('profile requires names and a real birthday; sex defaults to M', () => {
    const ok = validate(profileSchema, { firstName: 'A', middleName: 'B', lastName: 'C', birthday: '1990-02-28' });
    expect(ok).toMatchObject({ ok: true, data: { sex: 'M' } });
    expect(isBirthday('1990-02-30')).toBe(false);
    expect(validate(profileSchema, { firstName: 'A', middleName: '', lastName: 'C', birthday: '1990-02-28' })).toMatchObject({
      ok: false,
      errors: [{ field: 'middleName', message: M.profileIncomplete }],
    });
  });
  it('measures base64 without decoding', () => {
    const b = Buffer.alloc(1234, 7).toString('base64');
    expect(base64ByteLength(b)).toBe(1234);
    expect(base64ByteLength(`data:image/png;base64,${b}`)).toBe(1234);
  });
});

describe('addresses', () => {
  const address = {
    firstName: 'Juan',
    lastName: 'Dela Cruz',
    streetAddress1: "123 Rizal St., Bldg 'A'-2",
    cityArea: 'San Antonio',
    city: 'Makati City',
    countryArea: 'Metro Manila',
    postalCode: '1203',
    phone: '9171234567',
  };
  it('accepts the rulebook shape and normalizes phone and country', () => {
    expect(validate(addressSchema, address)).toMatchObject({ ok: true, data: { phone: '+639171234567', country: 'PH' } });
    expect(normalizePhone('+63 917 123 4567')).toBe('+639171234567');
    expect(normalizePhone('+6391712345')).toBeNull();
  });
  it.each([
    ['firstName', 'Juan#'],
    ['streetAddress1', 'Main St / 5'],
    ['postalCode', '12345'],
    ['phone', '+63917123456'],
    ['cityArea', '___'],
    ['cityArea', '.-'],
    ['cityArea', 'Bagong <b>Pag-asa'],
    ['country', 'US'],
  ])('refuses %s = %s', (key, value) => {
    expect(validate(addressSchema, { ...address, [key]: value })).toMatchObject({
      ok: false,
      errors: [{ field: key, message: 'Please enter the important fields' }],
    });
  });
  // '09171234567' was cut to '0917123456' by the field and stored as '+630917123456'.
  it.each([
    '09171234567',
    '0917 123 4567',
    '0917-123-4567',
    '+63 917-123-4567',
    '+639171234567',
    '63 9171234567',
    '639171234567',
    '9171234567',
    '917 123 4567',
    ' +63 (917) 123-4567 ',
    '+63 0917 123 4567',
  ])('normalises the phone %j to +639171234567', (typed) => {
    expect(normalizePhone(typed)).toBe('+639171234567');
    expect(validate(addressSchema, { ...address, phone: typed })).toMatchObject({ ok: true, data: { phone: '+639171234567' } });
  });
  it.each(['0917123456', '+630917123456', '630917123456', '6391712345', '+63917123456', '091712345678', '+1 917 123 4567', '0917 123 456a', '0917_123_4567', '8123 4567', ''])(
    'refuses the phone %j with the rulebook message',
    (typed) => {
      expect(normalizePhone(typed)).toBeNull();
      expect(validate(addressSchema, { ...address, phone: typed })).toMatchObject({
        ok: false,
        errors: [{ field: 'phone', message: 'Please enter the important fields' }],
      });
    },
  );
  it('shows a number in the field (10 digits after the fixed +63) and on screens (+63 917 123 4567)', () => {
    expect(nationalPhone('0917 123 4567')).toBe('9171234567');
    expect(nationalPhone('+630917123456')).toBe('+630917123456');
    expect(formatPhone('+639171234567')).toBe('+63 917 123 4567');
    expect(formatPhone('+630917123456')).toBe('+630917123456');
  });
  it.each(['Bagong Pag-asa', 'Sto. Niño', 'Osmeña, Sr.', "Iba O'Este", 'Saint Francis (Gasak)', 'Kitang 2 & Luz', 'Simuay/Seashore', 'Fuentes*'])(
    'lets the barangay %j (spelt as in the PSGC list) through to the server, which checks the list',
    (cityArea) => {
      expect(validate(addressSchema, { ...address, cityArea })).toMatchObject({ ok: true, data: { cityArea } });
    },
  );
});

describe('bank details', () => {
  it('accepts only the rulebook bank codes and digit account numbers', () => {
    expect(validate(bankDetailsSchema, { bankName: 'BDO', accountName: 'Ana Cruz', accountNumber: '0012345' }).ok).toBe(true);
    expect(validate(bankDetailsSchema, { bankName: 'XYZ', accountName: 'Ana', accountNumber: '1' }).ok).toBe(false);
    expect(validate(bankDetailsSchema, { bankName: 'BPI', accountName: 'Ana', accountNumber: '12-3' }).ok).toBe(false);
  });
});
