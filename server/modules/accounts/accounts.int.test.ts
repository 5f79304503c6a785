// The accounts API end to end on a real database: sign-up rules in the rulebook order, verification,
// sessions, password reset and change, referral linking, vouchers, profile and ownership.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '../../../common/validation/account';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { listEmails } from '../notifications/notifications.service';
import { getUnusedUserVoucher, markUserVoucherUsed, RESET_LINK_INVALID, VERIFY_FAILED } from './accounts.service';
import { resetPassword } from './password.service';
import { verifyEmail } from './sign-up.service';
import { RESET_PASSWORD_MINUTES, VERIFY_EMAIL_HOURS } from './account-tokens.service';
import { signSessionToken, resolveSessionUser } from './session';
import { users } from './accounts.tables';
import { linkCommissioner } from './commissioner-link.service';
import { eq } from 'drizzle-orm';

let t: TestApi;
beforeAll(async () => {
  // With the session cache, as the shop runs: a password change must end kept sessions too.
  t = await createTestApi({}, { sessionCache: true });
});
afterAll(async () => {
  await t?.close();
});

type Errors = { field: string | null; message: string }[];

const REGISTER = `mutation($input: AccountRegisterInput!) {
  accountRegister(input: $input) { user { id email isVerified referralCode } requiresConfirmation errors { field message } }
}`;
const REFERRAL_REGISTER = `mutation($input: ReferralLinkRegistrationInput!) {
  referralLinkRegistration(input: $input) { response user { id email parent { referralCode } voucher { code used name } } errors { field message } }
}`;
const LOGIN = `mutation($email: String!, $password: String!) {
  tokenCreate(email: $email, password: $password) { token user { email isVerified } errors { field message } }
}`;

let counter = 0;
const uniqueEmail = (prefix = 'user') => `${prefix}${++counter}@example.com`;

async function register(email = uniqueEmail(), password = 'suki-secret-123', extra: Record<string, string> = {}) {
  const result = await t.gql<{ accountRegister: { user: { id: string; referralCode: string } | null; errors: Errors } }>(REGISTER, {
    input: { email, password, firstName: 'Ana', lastName: 'Cruz', ...extra },
  });
  expect(result.data?.accountRegister.errors).toEqual([]);
  return { email, password, user: result.data!.accountRegister.user! };
}

async function login(email: string, password: string) {
  const result = await t.gql<{ tokenCreate: { token: string | null; errors: Errors } }>(LOGIN, { email, password });
  return result.data!.tokenCreate;
}

async function latestEmail(to: string, template?: string) {
  const rows = await listEmails(t.db, { to });
  return rows.find((row) => !template || row.template === template) ?? null;
}

function verificationParts(text: string) {
  const code = /verification code is: (\d{6})/.exec(text)?.[1];
  const link = /(http\S+\/verify\?\S+)/.exec(text)?.[1];
  const url = new URL(link!);
  return {
    code: code!,
    token: url.searchParams.get('token')!,
    uid: url.searchParams.get('uid')!,
    confirmationKey: url.searchParams.get('confirmation_key')!,
  };
}

describe('sign-up', () => {
  it('reports every rule with the rulebook message, in the rulebook order', async () => {
    const result = await t.gql<{ accountRegister: { user: null; errors: Errors } }>(REGISTER, {
      input: { email: 'not-an-email', password: '   ', firstName: '  ', lastName: 'Cruz' },
    });
    expect(result.data?.accountRegister).toMatchObject({
      user: null,
      errors: [
        { field: 'firstName', message: M.namesEmpty },
        { field: 'email', message: M.emailInvalid },
        { field: 'password', message: M.passwordEmpty },
      ],
    });
    const blanks = await t.gql<{ accountRegister: { errors: Errors } }>(REGISTER, { input: {} });
    expect(blanks.data?.accountRegister.errors.map((e) => e.message)).toEqual([M.namesEmpty, M.namesEmpty, M.emailEmpty, M.passwordEmpty]);
    const spaces = await t.gql<{ accountRegister: { errors: Errors } }>(REGISTER, {
      input: { email: 'a@b.co', password: 'has space', firstName: 'A', lastName: 'B' },
    });
    expect(spaces.data?.accountRegister.errors).toEqual([{ field: 'password', message: M.passwordWhitespace }]);
  });

  it('refuses passwords under 8 characters and the commonly used ones, at sign-up, reset and change', async () => {
    const short = await t.gql<{ accountRegister: { user: null; errors: Errors } }>(REGISTER, {
      input: { email: uniqueEmail('short'), password: 'abc', firstName: 'A', lastName: 'B' },
    });
    expect(short.data?.accountRegister).toMatchObject({ user: null, errors: [{ field: 'password', message: M.passwordTooShort }] });
    for (const password of ['password1', 'qwerty123', 'Iloveyou']) {
      const common = await t.gql<{ accountRegister: { user: null; errors: Errors } }>(REGISTER, {
        input: { email: uniqueEmail('common'), password, firstName: 'A', lastName: 'B' },
      });
      expect(common.data?.accountRegister).toMatchObject({ user: null, errors: [{ field: 'password', message: M.passwordTooCommon }] });
    }
    const { email } = await register();
    const token = (await login(email, 'suki-secret-123')).token!;
    const CHANGE = `mutation($o: String!, $n: String!) { passwordChange(oldPassword: $o, newPassword: $n) { errors { field message } } }`;
    expect((await t.gql(CHANGE, { o: 'suki-secret-123', n: 'short' }, { token })).data).toEqual({
      passwordChange: { errors: [{ field: 'newPassword', message: M.passwordTooShort }] },
    });
    expect((await t.gql(CHANGE, { o: 'suki-secret-123', n: 'password123' }, { token })).data).toEqual({
      passwordChange: { errors: [{ field: 'newPassword', message: M.passwordTooCommon }] },
    });
  });

  it('trims names and email, creates an unverified account with a referral code, and emails a code and link', async () => {
    const result = await t.gql<{ accountRegister: { user: { email: string; isVerified: boolean; referralCode: string } } }>(REGISTER, {
      input: { email: '  Trim@Example.com ', password: 'suki-secret-123', firstName: ' Ana ', lastName: ' Cruz ' },
    });
    const user = result.data!.accountRegister.user;
    expect(user).toMatchObject({ email: 'Trim@Example.com', isVerified: false });
    expect(user.referralCode).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{9}$/);
    const email = await latestEmail('Trim@Example.com', 'verify_email');
    expect(email?.html).toContain('Verify Email Address');
    const parts = verificationParts(email!.text);
    expect(parts.confirmationKey).toBe(parts.code);
    expect(email!.text).toContain(`${t.config.publicUrl}/verify?confirmation_key=`);
    const duplicate = await t.gql<{ accountRegister: { errors: Errors } }>(REGISTER, {
      input: { email: 'trim@example.com', password: 'suki-secret-123', firstName: 'A', lastName: 'B' },
    });
    expect(duplicate.data?.accountRegister.errors).toEqual([{ field: 'email', message: 'User with this Email already exists.' }]);
  });
});

describe('the verification link returns to where the sign-up began', () => {
  const linkOf = async (to: string) => {
    const text = (await latestEmail(to, 'verify_email'))!.text;
    return new URL(/(http\S+\/verify\?\S+)/.exec(text)![1]!);
  };

  it('carries the page the sign-up began on, with either mutation', async () => {
    const { email } = await register(uniqueEmail('from-product'), 'suki-secret-123', { redirect: '/product/UHJvZHVjdDo3?color=Black' });
    const link = await linkOf(email);
    expect(link.searchParams.get('redirect')).toBe('product/UHJvZHVjdDo3?color=Black');
    expect(link.searchParams.get('confirmation_key')).toMatch(/^\d{6}$/);

    const { user: parent } = await register();
    const viaKey = uniqueEmail('from-cart');
    await t.gql(REFERRAL_REGISTER, {
      input: { email: viaKey, password: 'suki-secret-123', firstName: 'Ana', lastName: 'Cruz', referralCode: parent.referralCode, redirect: '/cart' },
    });
    expect((await linkOf(viaKey)).searchParams.get('redirect')).toBe('cart');
  });

  it('a resent link returns there too', async () => {
    const { email, password } = await register(uniqueEmail('resend'));
    const token = (await login(email, password)).token!;
    const RESEND = 'mutation($r: String) { resendEmailVerification(redirect: $r) { errors { message } } }';
    expect((await t.gql(RESEND, { r: '/product/UHJvZHVjdDo5' }, { token })).data).toEqual({ resendEmailVerification: { errors: [] } });
    expect((await linkOf(email)).searchParams.get('redirect')).toBe('product/UHJvZHVjdDo5');
  });

  it('drops anything that is not a path on this shop, and needs none from the home page', async () => {
    for (const redirect of ['https://evil.example/phish', '//evil.example/phish', '/\\evil.example', 'javascript:alert(1)', '/']) {
      const { email } = await register(uniqueEmail('elsewhere'), 'suki-secret-123', { redirect });
      const link = await linkOf(email);
      expect(link.origin).toBe(new URL(t.config.publicUrl).origin);
      expect(link.searchParams.has('redirect')).toBe(false);
    }
  });
});

describe('concurrent sign-ups', () => {
  it('create one account for one email, and answer the other with the rulebook-style message', async () => {
    const input = { email: 'race@example.com', password: 'suki-secret-123', firstName: 'Ra', lastName: 'Ce' };
    const results = await Promise.all([t.gql(REGISTER, { input }), t.gql(REGISTER, { input: { ...input, email: 'RACE@example.com' } })]);
    const errors = results.map((r) => (r.data as { accountRegister: { errors: Errors } }).accountRegister.errors);
    expect(errors.filter((e) => e.length === 0)).toHaveLength(1);
    expect(errors.flat()).toEqual([{ field: 'email', message: 'User with this Email already exists.' }]);
  });
});

describe('email verification', () => {
  it('verifies once through the emailed link and sends a welcome email', async () => {
    const { email } = await register();
    const parts = verificationParts((await latestEmail(email, 'verify_email'))!.text);
    const VERIFY = `mutation($k: String!, $t: String, $u: String) { verifyEmail(confirmationKey: $k, token: $t, uid: $u) { isVerified errors { field message } } }`;
    const first = await t.gql(VERIFY, { k: parts.code, t: parts.token, u: parts.uid });
    expect(first.data).toEqual({ verifyEmail: { isVerified: true, errors: [] } });
    const again = await t.gql(VERIFY, { k: parts.code, t: parts.token, u: parts.uid });
    expect(again.data).toEqual({ verifyEmail: { isVerified: false, errors: [{ field: 'confirmationKey', message: VERIFY_FAILED }] } });
    expect((await latestEmail(email, 'welcome'))?.subject).toContain('Welcome');
    expect((await login(email, 'suki-secret-123')).token).toBeTruthy();
  });

  it('accepts the code alone from the signed-in owner, burns the code after repeated wrong keys, and resends', async () => {
    const { email } = await register();
    const { token } = await login(email, 'suki-secret-123');
    const VERIFY = `mutation($k: String!) { verifyEmail(confirmationKey: $k) { isVerified user { isVerified } errors { message } } }`;
    // Without a session the bare code is refused.
    const anonymous = await t.gql(VERIFY, { k: '000000' });
    expect(anonymous.data).toMatchObject({ verifyEmail: { errors: [{ message: VERIFY_FAILED }] } });
    const parts = verificationParts((await latestEmail(email, 'verify_email'))!.text);
    const wrong = parts.code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await t.gql(VERIFY, { k: wrong }, { token: token! });
    const burnt = await t.gql(VERIFY, { k: parts.code }, { token: token! });
    expect(burnt.data).toMatchObject({ verifyEmail: { errors: [{ message: VERIFY_FAILED }] } });

    const RESEND = 'mutation { resendEmailVerification { errors { message } } }';
    expect((await t.gql(RESEND)).data).toMatchObject({ resendEmailVerification: { errors: [{ message: 'Please signup/login to continue.' }] } });
    expect((await t.gql(RESEND, {}, { token: token! })).data).toEqual({ resendEmailVerification: { errors: [] } });
    const fresh = verificationParts((await latestEmail(email, 'verify_email'))!.text);
    const ok = await t.gql(VERIFY, { k: fresh.code }, { token: token! });
    expect(ok.data).toEqual({ verifyEmail: { isVerified: true, user: { isVerified: true }, errors: [] } });
    expect((await t.gql(RESEND, {}, { token: token! })).data).toMatchObject({
      resendEmailVerification: { errors: [{ message: 'Your email is already verified.' }] },
    });
  });

  it('expires verification after its lifetime (fixed clock)', async () => {
    const { email } = await register();
    const parts = verificationParts((await latestEmail(email, 'verify_email'))!.text);
    const later = new Date(Date.now() + (VERIFY_EMAIL_HOURS + 1) * 3600_000);
    await expect(verifyEmail(t.serviceContext(), { confirmationKey: parts.code, token: parts.token, uid: parts.uid }, later)).rejects.toThrow(
      VERIFY_FAILED,
    );
  });
});

describe('sessions', () => {
  it('signs in with the rulebook login message and a 30-day token that expires (fixed clock)', async () => {
    const { email } = await register();
    expect((await login(email, '')).errors).toEqual([{ field: null, message: M.loginEmpty }]);
    expect((await login(email, 'wrong')).errors).toEqual([{ field: 'email', message: 'Please, enter valid credentials' }]);
    const ok = await t.gql<{ tokenCreate: { user: { email: string; isVerified: boolean } } }>(LOGIN, { email, password: 'suki-secret-123' });
    expect(ok.data?.tokenCreate.user).toEqual({ email, isVerified: false });
    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const day = 24 * 3600_000;
    const old = await signSessionToken(row, t.config.jwtSecret, new Date(Date.now() - 29 * day));
    const expired = await signSessionToken(row, t.config.jwtSecret, new Date(Date.now() - 31 * day));
    expect((await t.gql<{ me: { email: string } }>('{ me { email } }', {}, { token: old })).data?.me?.email).toBe(email);
    expect((await t.gql('{ me { email } }', {}, { token: expired })).data?.me).toBeNull();
    const now = new Date('2026-01-01T00:00:00Z');
    const fixed = await signSessionToken(row, t.config.jwtSecret, now);
    expect(await resolveSessionUser(t.db, fixed, t.config.jwtSecret, new Date('2026-01-30T23:59:00Z'))).not.toBeNull();
    expect(await resolveSessionUser(t.db, fixed, t.config.jwtSecret, new Date('2026-01-31T00:00:01Z'))).toBeNull();
  });

  it('ends every session after a password change and returns a fresh token', async () => {
    const { email } = await register();
    const a = (await login(email, 'suki-secret-123')).token!;
    const b = (await login(email, 'suki-secret-123')).token!;
    const CHANGE = `mutation($o: String!, $n: String!) { passwordChange(oldPassword: $o, newPassword: $n) { token errors { field message } accountErrors { message } } }`;
    const wrongOld = await t.gql(CHANGE, { o: 'nope', n: 'newsecret1' }, { token: a });
    expect(wrongOld.data).toMatchObject({ passwordChange: { token: null, errors: [{ field: 'oldPassword', message: "Old password isn't valid." }] } });
    const blank = await t.gql(CHANGE, { o: 'suki-secret-123', n: 'with space' }, { token: a });
    expect(blank.data).toMatchObject({ passwordChange: { errors: [{ field: 'newPassword', message: M.passwordWhitespace }] } });
    const changed = await t.gql<{ passwordChange: { token: string; errors: Errors } }>(CHANGE, { o: 'suki-secret-123', n: 'newsecret1' }, { token: a });
    expect(changed.data?.passwordChange.errors).toEqual([]);
    expect((await t.gql('{ me { email } }', {}, { token: a })).data?.me).toBeNull();
    expect((await t.gql('{ me { email } }', {}, { token: b })).data?.me).toBeNull();
    const fresh = changed.data!.passwordChange.token;
    expect((await t.gql<{ me: { email: string } }>('{ me { email } }', {}, { token: fresh })).data?.me?.email).toBe(email);
    expect((await login(email, 'suki-secret-123')).token).toBeNull();
    expect((await login(email, 'newsecret1')).token).toBeTruthy();
  });
});

describe('password reset', () => {
  const FORGOT = 'mutation($e: String!) { forgotPassword(email: $e) { errors { field message } } }';
  const RESET = `mutation($t: String!, $u: String!, $p: String!, $c: String!) {
    resetPassword(token: $t, uid: $u, password: $p, confirmPassword: $c) { isSuccessful errors { field message } } }`;
  const resetParts = (text: string) => {
    const url = new URL(/(http\S+\/reset\?\S+)/.exec(text)![1]);
    return { token: url.searchParams.get('token')!, uid: url.searchParams.get('uid')! };
  };

  it('answers the same for unknown emails and sends nothing', async () => {
    expect((await t.gql(FORGOT, { e: 'nobody-here@example.com' })).data).toEqual({ forgotPassword: { errors: [] } });
    expect(await latestEmail('nobody-here@example.com')).toBeNull();
    expect((await t.gql(FORGOT, { e: 'bad' })).data).toEqual({ forgotPassword: { errors: [{ field: 'email', message: M.emailInvalid }] } });
  });

  it('resets once with the sign-up rules, ends sessions, and refuses the link again', async () => {
    const { email } = await register();
    const session = (await login(email, 'suki-secret-123')).token!;
    await t.gql(FORGOT, { e: email });
    const parts = resetParts((await latestEmail(email, 'reset_password'))!.text);
    const mismatch = await t.gql(RESET, { t: parts.token, u: parts.uid, p: 'abc12345', c: 'abc' });
    expect(mismatch.data).toMatchObject({ resetPassword: { isSuccessful: false, errors: [{ field: 'confirmPassword', message: M.passwordMismatch }] } });
    const ok = await t.gql(RESET, { t: parts.token, u: parts.uid, p: 'reset12345', c: 'reset12345' });
    expect(ok.data).toEqual({ resetPassword: { isSuccessful: true, errors: [] } });
    const reuse = await t.gql(RESET, { t: parts.token, u: parts.uid, p: 'other12345', c: 'other12345' });
    expect(reuse.data).toEqual({ resetPassword: { isSuccessful: false, errors: [{ field: 'token', message: RESET_LINK_INVALID }] } });
    expect((await t.gql('{ me { email } }', {}, { token: session })).data?.me).toBeNull();
    expect((await login(email, 'reset12345')).token).toBeTruthy();
  });

  it('refuses an expired link, another user id, and a link superseded by a newer one', async () => {
    const { email } = await register();
    await t.gql(FORGOT, { e: email });
    const first = resetParts((await latestEmail(email, 'reset_password'))!.text);
    const later = new Date(Date.now() + (RESET_PASSWORD_MINUTES + 1) * 60_000);
    const input = { ...first, password: 'later12345', confirmPassword: 'later12345' };
    await expect(resetPassword(t.serviceContext(), input, later)).rejects.toThrow(RESET_LINK_INVALID);
    await expect(resetPassword(t.serviceContext(), { ...input, uid: Buffer.from('1').toString('base64url') })).rejects.toThrow(RESET_LINK_INVALID);
    await t.gql(FORGOT, { e: email });
    await expect(resetPassword(t.serviceContext(), input)).rejects.toThrow(RESET_LINK_INVALID);
  });
});

describe('Commissioner Key at sign-up', () => {
  it('links the parent case-insensitively and issues the one-time ₱100 voucher', async () => {
    const parent = await register();
    const result = await t.gql<{ referralLinkRegistration: { response: string; user: { id: string; parent: { referralCode: string }; voucher: { code: string; used: boolean } }; errors: Errors } }>(
      REFERRAL_REGISTER,
      { input: { email: uniqueEmail('patron'), password: 'suki-secret-123', firstName: 'Pat', lastName: 'Ron', referralCode: ` ${parent.user.referralCode.toLowerCase()} ` } },
    );
    const payload = result.data!.referralLinkRegistration;
    expect(payload.errors).toEqual([]);
    expect(payload.user.parent.referralCode).toBe(parent.user.referralCode);
    expect(payload.user.voucher).toMatchObject({ used: false });
    // Checkout's view of the voucher, through the exported service functions.
    const [row] = await t.db.select().from(users).where(eq(users.id, Number(Buffer.from(payload.user.id, 'base64').toString().split(':')[1])));
    const ctx = t.serviceContext({ ...row });
    const voucher = await getUnusedUserVoucher(ctx);
    expect(voucher).toMatchObject({ amount: 10_000, used: false, code: payload.user.voucher.code });
    const other = await register();
    const [otherRow] = await t.db.select().from(users).where(eq(users.email, other.email));
    expect(await markUserVoucherUsed(t.serviceContext({ ...otherRow }), voucher!.code)).toBe(false);
    expect(await markUserVoucherUsed(ctx, voucher!.code)).toBe(true);
    expect(await markUserVoucherUsed(ctx, voucher!.code)).toBe(false);
    expect(await getUnusedUserVoucher(ctx)).toBeNull();
  });

  it('never links a parent twice, to oneself, or to one of one’s own descendants', async () => {
    const root = await register();
    const [rootRow] = await t.db.select().from(users).where(eq(users.email, root.email));
    const child = await t.gql<{ referralLinkRegistration: { user: { id: string } } }>(REFERRAL_REGISTER, {
      input: { email: uniqueEmail('child'), password: 'suki-secret-123', firstName: 'C', lastName: 'H', referralCode: rootRow.referralCode },
    });
    const childId = Number(Buffer.from(child.data!.referralLinkRegistration.user.id, 'base64').toString().split(':')[1]);
    const [childRow] = await t.db.select().from(users).where(eq(users.id, childId));
    expect(childRow.parentId).toBe(rootRow.id);
    // The root may not adopt its own patron as commissioner, nor itself.
    expect(await linkCommissioner(t.db, rootRow.id, childRow.referralCode, { issueVoucher: false })).toBeNull();
    expect(await linkCommissioner(t.db, rootRow.id, rootRow.referralCode, { issueVoucher: false })).toBeNull();
    // The child already has a parent: it stays.
    const other = await register();
    const [otherRow] = await t.db.select().from(users).where(eq(users.email, other.email));
    expect(await linkCommissioner(t.db, childRow.id, otherRow.referralCode, { issueVoucher: false })).toBeNull();
    expect((await t.db.select().from(users).where(eq(users.id, childId)))[0].parentId).toBe(rootRow.id);
  });

  it('reports an invalid key and still creates the account (without voucher or parent)', async () => {
    const email = uniqueEmail('nokey');
    const result = await t.gql<{ referralLinkRegistration: { response: string; user: { email: string; parent: null; voucher: null }; errors: Errors } }>(
      REFERRAL_REGISTER,
      { input: { email, password: 'suki-secret-123', firstName: 'No', lastName: 'Key', referralCode: 'ZZZZZZZZZ' } },
    );
    expect(result.data?.referralLinkRegistration).toMatchObject({
      user: { email, parent: null, voucher: null },
      errors: [{ field: 'referralCode', message: M.referralCodeInvalid }],
    });
    // Other failures win: no account when the rest is invalid.
    const invalid = await t.gql<{ referralLinkRegistration: { user: null; errors: Errors } }>(REFERRAL_REGISTER, {
      input: { email: 'bad', password: 'suki-secret-123', firstName: 'No', lastName: 'Key', referralCode: 'ZZZZZZZZZ' },
    });
    expect(invalid.data?.referralLinkRegistration).toMatchObject({ user: null, errors: [{ field: 'email', message: M.emailInvalid }] });
  });
});

describe('profile and ownership', () => {
  it('updates the profile with the rulebook rules and keeps bank details to the rulebook codes', async () => {
    const { email } = await register();
    const token = (await login(email, 'suki-secret-123')).token!;
    const UPDATE = `mutation($input: AccountInput!) { accountUpdate(input: $input) { user { firstName middleName lastName birthday sex } errors { field message } } }`;
    // A new account has no sex until the customer enters one (the profile says 'Not set').
    expect((await t.gql<{ me: { sex: string | null } }>(`{ me { sex } }`, {}, { token })).data?.me.sex).toBeNull();
    const missing = await t.gql(UPDATE, { input: { firstName: 'Ana', lastName: 'Cruz', birthday: '1990-01-01' } }, { token });
    expect(missing.data).toMatchObject({ accountUpdate: { user: null, errors: [{ field: 'middleName', message: M.profileIncomplete }] } });
    const ok = await t.gql(UPDATE, { input: { firstName: 'Ana', middleName: 'Reyes', lastName: 'Cruz', bday: '1990-01-01' } }, { token });
    expect(ok.data).toEqual({
      accountUpdate: { user: { firstName: 'Ana', middleName: 'Reyes', lastName: 'Cruz', birthday: '1990-01-01', sex: 'M' }, errors: [] },
    });
    const BANK = `mutation($b: String!, $n: String!, $a: String!) { bankDetailsRegister(bankName: $b, accountName: $n, accountNumber: $a) { user { bank { code name accountName accountNumber } } errors { field message } } }`;
    expect((await t.gql(BANK, { b: 'XYZ', n: 'Ana Cruz', a: '123' }, { token })).data).toMatchObject({
      bankDetailsRegister: { errors: [{ field: 'bankName' }] },
    });
    expect((await t.gql(BANK, { b: 'BDO', n: 'Ana Cruz', a: '12-34' }, { token })).data).toMatchObject({
      bankDetailsRegister: { errors: [{ field: 'accountNumber', message: 'Account number should contain digits only.' }] },
    });
    expect((await t.gql(BANK, { b: 'BDO', n: 'Ana Cruz', a: '001234567890' }, { token })).data).toEqual({
      bankDetailsRegister: {
        user: { bank: { code: 'BDO', name: 'BDO Unibank', accountName: 'Ana Cruz', accountNumber: '001234567890' } },
        errors: [],
      },
    });
  });

  it('changes the email only with re-verification', async () => {
    const { email } = await register();
    const token = (await login(email, 'suki-secret-123')).token!;
    const next = uniqueEmail('moved');
    const CHANGE = `mutation($e: String!, $p: String) { accountEmailUpdate(email: $e, password: $p) { token user { email isVerified } errors { field message } } }`;
    // A stolen session alone cannot move the account to another inbox.
    const noPassword = await t.gql(CHANGE, { e: next }, { token });
    expect(noPassword.data).toMatchObject({ accountEmailUpdate: { user: null, errors: [{ field: 'password', message: 'Password should not be empty.' }] } });
    const wrong = await t.gql(CHANGE, { e: next, p: 'not-my-password' }, { token });
    expect(wrong.data).toMatchObject({ accountEmailUpdate: { user: null, errors: [{ field: 'password', message: "Password isn't valid." }] } });
    const taken = await t.gql(CHANGE, { e: 'trim@example.com', p: 'suki-secret-123' }, { token });
    expect(taken.data).toMatchObject({ accountEmailUpdate: { errors: [{ field: 'email', message: 'User with this Email already exists.' }] } });
    const ok = await t.gql<{ accountEmailUpdate: { token: string; user: { email: string; isVerified: boolean } } }>(CHANGE, { e: next, p: 'suki-secret-123' }, { token });
    expect(ok.data?.accountEmailUpdate.user).toEqual({ email: next, isVerified: false });
    expect(await latestEmail(next, 'verify_email')).not.toBeNull();
    expect((await login(next, 'suki-secret-123')).token).toBeTruthy();
  });

  it('never shows or changes another user’s data', async () => {
    const alice = await register(uniqueEmail('alice'));
    const bob = await register(uniqueEmail('bob'));
    const bobToken = (await login(bob.email, 'suki-secret-123')).token!;
    // Bob asks for Alice's user node: refused.
    const node = await t.gql<{ node: unknown }>(`query($id: ID!) { node(id: $id) { ... on User { email } } }`, { id: alice.user.id }, { token: bobToken });
    expect(node.data?.node ?? null).toBeNull();
    expect(JSON.stringify(node)).not.toContain(alice.email);
    // Alice saves an address; Bob cannot update, delete or make it his default.
    const aliceToken = (await login(alice.email, 'suki-secret-123')).token!;
    const created = await t.gql<{ accountAddressCreate: { address: { id: string } } }>(
      `mutation($input: AddressInput!) { accountAddressCreate(input: $input, type: SHIPPING) { address { id } errors { message } } }`,
      {
        input: {
          firstName: 'Alice', lastName: 'Cruz', streetAddress1: '1 Rizal St', cityArea: 'Poblacion', city: 'Makati City',
          countryArea: 'Metro Manila', postalCode: '1210', phone: '9171234567',
        },
      },
      { token: aliceToken },
    );
    const id = created.data!.accountAddressCreate.address.id;
    const steal = await t.gql(
      `mutation($id: ID!, $input: AddressInput!) { accountAddressUpdate(id: $id, input: $input) { address { id } errors { field message } } }`,
      { id, input: { firstName: 'Bob', lastName: 'X', streetAddress1: '2 St', cityArea: 'Poblacion', city: 'Makati City', countryArea: 'Metro Manila', postalCode: '1210', phone: '9171234567' } },
      { token: bobToken },
    );
    expect(steal.data).toEqual({ accountAddressUpdate: { address: null, errors: [{ field: 'id', message: 'Address not found.' }] } });
    const del = await t.gql(`mutation($id: ID!) { accountAddressDelete(id: $id) { errors { message } } }`, { id }, { token: bobToken });
    expect(del.data).toEqual({ accountAddressDelete: { errors: [{ message: 'Address not found.' }] } });
    const def = await t.gql(`mutation($id: ID!) { accountSetDefaultAddress(id: $id, type: BILLING) { errors { message } } }`, { id }, { token: bobToken });
    expect(def.data).toEqual({ accountSetDefaultAddress: { errors: [{ message: 'Address not found.' }] } });
    const bobMe = await t.gql<{ me: { addresses: unknown[]; defaultBillingAddress: null } }>('{ me { addresses { id } defaultBillingAddress { id } } }', {}, { token: bobToken });
    expect(bobMe.data?.me).toEqual({ addresses: [], defaultBillingAddress: null });
    const aliceMe = await t.gql<{ me: { defaultShippingAddress: { firstName: string; isDefaultShippingAddress: boolean } } }>(
      '{ me { defaultShippingAddress { firstName isDefaultShippingAddress } } }',
      {},
      { token: aliceToken },
    );
    expect(aliceMe.data?.me.defaultShippingAddress).toEqual({ firstName: 'Alice', isDefaultShippingAddress: true });
    // Signed-out calls to the user's own mutations change nothing.
    const anon = await t.gql(`mutation { bankDetailsRegister(bankName: "BDO", accountName: "X", accountNumber: "1") { errors { message } } }`);
    expect(anon.data).toEqual({ bankDetailsRegister: { errors: [{ message: 'Please signup/login to continue.' }] } });
  });
});
