// Wrong passwords from anyone must not lock the owner out.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { delayAfterFailures, recordSignInFailure, SIGN_IN_LIMITS } from './sign-in-throttle.service';
import { eq } from 'drizzle-orm';
import { users } from './accounts.tables';
import { deviceIdOf, trustedDeviceId } from './device-token';

let t: TestApi;
beforeAll(async () => {
  t = await createTestApi();
});
afterAll(() => t.close());

type Login = { tokenCreate: { token: string | null; deviceToken: string | null; errors: { field: string; message: string }[] } };
const LOGIN = `mutation ($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { token deviceToken errors { field message } } }`;
const TOO_MANY = /^Too many attempts\. Please try again in \d+ minutes?\.$/;
const from = (ip: string, device?: string) => ({ headers: { 'x-forwarded-for': ip, ...(device ? { 'x-suki-device': device } : {}) } });

let n = 0;
async function register(): Promise<string> {
  const email = `owner-${++n}-${Date.now()}@example.com`;
  const result = await t.gql(
    `mutation ($e: String!) { accountRegister(input: { email: $e, password: "right-pass-123", firstName: "Ana", lastName: "Reyes" }) { errors { message } } }`,
    { e: email },
    from(`198.51.100.${n}`),
  );
  expect(result.errors).toBeUndefined();
  return email;
}

const login = (email: string, password: string, ip: string, device?: string) =>
  t.gql<Login>(LOGIN, { e: email, p: password }, from(ip, device)).then((r) => r.data!.tokenCreate);

describe('sign-in throttle', () => {
  it('delays the guesser progressively and leaves the owner on another address alone', async () => {
    const email = await register();
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) {
      expect((await login(email, 'wrong', '203.0.113.9')).errors[0]!.message).toBe('Please, enter valid credentials');
    }
    // Free tries used: the next failure sets a delay, and the attempt after it must wait.
    await login(email, 'wrong', '203.0.113.9');
    expect((await login(email, 'right-pass-123', '203.0.113.9')).errors[0]!.message).toMatch(TOO_MANY);
    for (let i = 0; i < 4; i++) await login(email, 'wrong', '203.0.113.9');

    const owner = await login(email, 'right-pass-123', '198.51.100.200');
    expect(owner.errors).toEqual([]);
    expect(owner.token).toBeTruthy();
    expect(owner.deviceToken).toBeTruthy();
  });

  it('caps an account at 100 failures an hour, except from a device that signed in before', async () => {
    const email = await register();
    const owner = await login(email, 'right-pass-123', '198.51.100.77');
    const device = owner.deviceToken!;
    // A botnet: 100 failures from many addresses (recorded directly; each would cost a scrypt).
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailuresPerHour; i++) {
      await recordSignInFailure(t.serviceContext(), { email, trustedDeviceId: null });
    }
    expect((await login(email, 'right-pass-123', '203.0.113.50')).errors[0]!.message).toMatch(TOO_MANY);

    const trusted = await login(email, 'right-pass-123', '203.0.113.50', device);
    expect(trusted.errors).toEqual([]);
    expect(trusted.token).toBeTruthy();
  });

  it('trusts a device token only for its own account', async () => {
    const mine = await register();
    const theirs = await register();
    const device = (await login(mine, 'right-pass-123', '198.51.100.90')).deviceToken!;
    for (let i = 0; i < SIGN_IN_LIMITS.accountFailuresPerHour; i++) {
      await recordSignInFailure(t.serviceContext(), { email: theirs, trustedDeviceId: null });
    }
    expect((await login(theirs, 'right-pass-123', '198.51.100.90', device)).errors[0]!.message).toMatch(TOO_MANY);
    expect((await login(theirs, 'right-pass-123', '198.51.100.90', 'forged.device.token')).errors[0]!.message).toMatch(TOO_MANY);
  });

  it('doubles the delay from 15 s up to 15 minutes', () => {
    expect([5, 6, 7, 8, 20].map(delayAfterFailures)).toEqual([0, 15, 30, 60, 900]);
  });

  it('keeps the browser\'s device id when another account signs in on it, without trusting it for that account', async () => {
    const [first, second] = [await register(), await register()];
    const device = (await login(first, 'right-pass-123', '198.51.100.150')).deviceToken!;
    const next = (await login(second, 'right-pass-123', '198.51.100.150', device)).deviceToken!;
    expect(await deviceIdOf(next, t.config.jwtSecret)).toBe(await deviceIdOf(device, t.config.jwtSecret));
    const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, second));
    expect(await trustedDeviceId(device, row!.id, t.config.jwtSecret)).toBeNull();
    expect(await trustedDeviceId(next, row!.id, t.config.jwtSecret)).toBeTruthy();
  });
});
