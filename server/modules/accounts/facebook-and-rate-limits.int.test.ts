// Facebook sign-in against a local fake of the Graph API (debug_token and /me), and the
// rate limits of the sign-in, sign-up, reset and resend calls.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApi, type TestApi } from '../../testing/test-api';
import { consumeRateLimit, RATE_LIMIT_POLICIES } from '../../lib/rate-limit';

const APP_ID = '1234567890';
const APP_SECRET = 'app-secret-value';

type FakeUser = { id: string; email?: string; first_name: string; last_name: string; app?: string };
const tokens = new Map<string, FakeUser>([
  ['good-token', { id: 'fb-1', email: 'fb.user@example.com', first_name: 'Rosa', last_name: 'Lim' }],
  ['existing-token', { id: 'fb-2', email: 'Existing@Example.com', first_name: 'Ex', last_name: 'Isting' }],
  ['no-email-token', { id: 'fb-3', first_name: 'No', last_name: 'Mail' }],
  ['other-app-token', { id: 'fb-4', email: 'other@example.com', first_name: 'O', last_name: 'A', app: '999' }],
  ['referred-token', { id: 'fb-5', email: 'referred@example.com', first_name: 'Re', last_name: 'Ferred' }],
]);
const requests: string[] = [];

let server: Server;
let t: TestApi;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    requests.push(url.pathname);
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/v19.0/debug_token') {
      if (url.searchParams.get('access_token') !== `${APP_ID}|${APP_SECRET}`) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.' } }));
        return;
      }
      const user = tokens.get(url.searchParams.get('input_token') ?? '');
      res.end(
        JSON.stringify({
          data: user
            ? { is_valid: true, app_id: user.app ?? APP_ID, user_id: user.id, expires_at: 0 }
            : { is_valid: false, error: { message: 'Invalid token' } },
        }),
      );
      return;
    }
    if (url.pathname === '/v19.0/me') {
      const user = tokens.get(url.searchParams.get('access_token') ?? '');
      if (!user) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: { message: 'Invalid OAuth access token.' } }));
        return;
      }
      res.end(JSON.stringify({ id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name }));
      return;
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApi({ facebook: { appId: APP_ID, appSecret: APP_SECRET, graphUrl: `http://127.0.0.1:${port}/v19.0` } });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server?.close(resolve));
});

const SOCIAL = `mutation($a: String!, $r: String, $u: String) {
  socialAuth(provider: "facebook", accessToken: $a, referralCode: $r, redirectUrl: $u) {
    token response referralCode redirectUrl social { user { email isVerified } } user { firstName parent { id } voucher { used } } errors { field message }
  }
}`;
type Social = {
  socialAuth: {
    token: string | null;
    response: string | null;
    referralCode: string | null;
    redirectUrl: string | null;
    social: { user: { email: string; isVerified: boolean } } | null;
    user: { firstName: string; parent: { id: string } | null; voucher: { used: boolean } | null } | null;
    errors: { field: string | null; message: string }[];
  };
};

describe('Facebook sign-in', () => {
  it('creates a verified account from a valid token, then signs the same person in again', async () => {
    const first = await t.gql<Social>(SOCIAL, { a: 'good-token', u: '/checkout' });
    expect(first.data?.socialAuth).toMatchObject({
      social: { user: { email: 'fb.user@example.com', isVerified: true } },
      user: { firstName: 'Rosa' },
      redirectUrl: '/checkout',
      errors: [],
    });
    expect(requests).toEqual(expect.arrayContaining(['/v19.0/debug_token', '/v19.0/me']));
    const token = first.data!.socialAuth.token!;
    expect((await t.gql<{ me: { email: string } }>('{ me { email } }', {}, { token })).data?.me.email).toBe('fb.user@example.com');
    const again = await t.gql<Social>(SOCIAL, { a: 'good-token', u: 'https://evil.example/' });
    expect(again.data?.socialAuth).toMatchObject({ social: { user: { email: 'fb.user@example.com' } }, redirectUrl: null, errors: [] });
  });

  it('links an existing email account instead of creating a second one', async () => {
    await t.gql(
      `mutation { accountRegister(input: {email: "existing@example.com", password: "suki-secret-123", firstName: "Ex", lastName: "Isting"}) { errors { message } } }`,
    );
    const result = await t.gql<Social>(SOCIAL, { a: 'existing-token' });
    expect(result.data?.socialAuth).toMatchObject({ social: { user: { email: 'existing@example.com', isVerified: true } }, errors: [] });
  });

  it('refuses invalid tokens and tokens issued to another app', async () => {
    for (const a of ['forged-token', 'other-app-token']) {
      const result = await t.gql<Social>(SOCIAL, { a });
      expect(result.data?.socialAuth).toMatchObject({ token: null, errors: [{ field: 'accessToken', message: 'Unable to login with Facebook' }] });
    }
    const noEmail = await t.gql<Social>(SOCIAL, { a: 'no-email-token' });
    expect(noEmail.data?.socialAuth.errors[0].message).toContain('no email address');
  });

  it('links a commissioner and gives the voucher to a new account with a valid key', async () => {
    const commissioner = await t.gql<{ accountRegister: { user: { referralCode: string } } }>(
      `mutation { accountRegister(input: {email: "kp@example.com", password: "suki-secret-123", firstName: "K", lastName: "P"}) { user { referralCode } } }`,
    );
    const code = commissioner.data!.accountRegister.user.referralCode;
    const result = await t.gql<Social>(SOCIAL, { a: 'referred-token', r: code.toLowerCase() });
    expect(result.data?.socialAuth).toMatchObject({ referralCode: code, user: { parent: { id: expect.any(String) }, voucher: { used: false } }, errors: [] });
  });

  it('says so when Facebook login is not configured', async () => {
    const plain = await createTestApi();
    try {
      const result = await plain.gql<Social>(SOCIAL, { a: 'good-token' });
      expect(result.data?.socialAuth.errors).toEqual([{ field: 'provider', message: 'Facebook login is not available.' }]);
    } finally {
      await plain.close();
    }
  });
});

describe('rate limits', () => {
  const ip = (n: number) => ({ headers: { 'x-forwarded-for': `203.0.113.${n}` } });
  const tooMany = /^Too many attempts\. Please try again in \d+ minutes?\.$/;

  it('limits forgotPassword per IP across emails, and per email', async () => {
    const FORGOT = (e: string) => `mutation { forgotPassword(email: "${e}") { errors { message } } }`;
    const perIp = RATE_LIMIT_POLICIES.forgotPassword.ip.points;
    // The IP's count is filled directly (it is high, for carrier-grade NAT); the last two go through the API.
    for (let i = 0; i < perIp - 2; i++) await consumeRateLimit(t.config, 'forgotPassword', { ip: '203.0.113.50' });
    for (let i = 0; i < 2; i++) {
      const r = await t.gql<{ forgotPassword: { errors: unknown[] } }>(FORGOT(`f${i}@example.com`), {}, ip(50));
      expect(r.data?.forgotPassword.errors).toEqual([]);
    }
    const blocked = await t.gql<{ forgotPassword: { errors: { message: string }[] } }>(FORGOT('fresh@example.com'), {}, ip(50));
    expect(blocked.data?.forgotPassword.errors[0].message).toMatch(tooMany);
    const perEmail = RATE_LIMIT_POLICIES.forgotPassword.email.points;
    for (let i = 0; i < perEmail; i++) await t.gql(FORGOT('same@example.com'), {}, ip(60 + i));
    const sameEmail = await t.gql<{ forgotPassword: { errors: { message: string }[] } }>(FORGOT('same@example.com'), {}, ip(99));
    expect(sameEmail.data?.forgotPassword.errors[0].message).toMatch(tooMany);
  });

  it('limits accountRegister per IP and resendEmailVerification per account', async () => {
    const perIp = RATE_LIMIT_POLICIES.accountRegister.ip.points;
    const REG = (e: string) => `mutation { accountRegister(input: {email: "${e}", password: "suki-secret-123", firstName: "R", lastName: "L"}) { user { id } errors { message } } }`;
    for (let i = 0; i < perIp - 2; i++) await consumeRateLimit(t.config, 'accountRegister', { ip: '203.0.113.120' });
    for (let i = 0; i < 2; i++) {
      const r = await t.gql<{ accountRegister: { errors: unknown[] } }>(REG(`reg${i}@example.com`), {}, ip(120));
      expect(r.data?.accountRegister.errors).toEqual([]);
    }
    const blocked = await t.gql<{ accountRegister: { user: null; errors: { message: string }[] } }>(REG('reg-late@example.com'), {}, ip(120));
    expect(blocked.data?.accountRegister.user).toBeNull();
    expect(blocked.data?.accountRegister.errors[0].message).toMatch(tooMany);

    const login = await t.gql<{ tokenCreate: { token: string } }>(
      'mutation { tokenCreate(email: "reg0@example.com", password: "suki-secret-123") { token } }',
    );
    const token = login.data!.tokenCreate.token;
    const RESEND = 'mutation { resendEmailVerification { errors { message } } }';
    const perEmail = RATE_LIMIT_POLICIES.resendEmailVerification.email.points;
    for (let i = 0; i < perEmail; i++) {
      expect((await t.gql(RESEND, {}, { token, ...ip(130 + i) })).data).toEqual({ resendEmailVerification: { errors: [] } });
    }
    const resendBlocked = await t.gql<{ resendEmailVerification: { errors: { message: string }[] } }>(RESEND, {}, { token, ...ip(140) });
    expect(resendBlocked.data?.resendEmailVerification.errors[0].message).toMatch(tooMany);
  });
});
