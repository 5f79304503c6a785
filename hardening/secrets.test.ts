// The hardening suite: a shop process walks through every flow that handles a secret (sign-up,
// email verification, wrong and right passwords, password change, reset link, storefront
// sign-in, metrics, a mail server that refuses) at LOG_LEVEL=debug. Afterwards every log line
// it wrote and every answer it gave are searched for each secret used: none may appear, except
// a session token in the one answer that hands it out.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../server/db/client';
import { users } from '../server/modules/accounts/accounts.tables';
import { createReport } from './report';
import { HARDENING_JWT_SECRET, freePort, startShop } from './shop-process';

const record = createReport('secrets');
const dataDir = mkdtempSync(path.join(tmpdir(), 'suki-secrets-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const METRICS_TOKEN = 'metrics-token-secret-5f1e2d3c';
const SMTP_PASSWORD = 'smtp-password-secret-8a7b';
const PASSWORDS = { first: 'first-pass-Secret-1', second: 'second-pass-Secret-2', third: 'third-pass-Secret-3', guess: 'wrong-guess-Secret-9' };
const email = `secret-keeper-${Date.now()}@example.com`;
const VAPID = webpush.generateVAPIDKeys();

describe('secrets', () => {
  it('never reach a log line or an answer', async () => {
    const shop = await startShop({ SHOP_MODE: 'demo', SEED_PRODUCTS: '0', DATA_DIR: dataDir, LOG_LEVEL: 'debug', METRICS_TOKEN, VAPID_PUBLIC_KEY: VAPID.publicKey, VAPID_PRIVATE_KEY: VAPID.privateKey, SMTP_URL: `smtp://suki:${SMTP_PASSWORD}@127.0.0.1:${await freePort()}` });
    const answers: string[] = [];
    const issuedTokens: string[] = [];
    const keys: string[] = [];
    const call = async (pathname: string, init: RequestInit = {}) => {
      const response = await fetch(`${shop.url}${pathname}`, { redirect: 'manual', ...init });
      const body = await response.text();
      answers.push(`${pathname} ${response.status} ${JSON.stringify([...response.headers])} ${body}`);
      return { response, body };
    };
    const gql = async <T>(query: string, variables: Record<string, unknown> = {}, token?: string) => {
      const { body } = await call('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-suki-csrf': '1', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      return JSON.parse(body) as { data: T };
    };
    /** The newest email's link to `route`, from the demo outbox. */
    const linkFromOutbox = async (route: string) => {
      for (let i = 0; i < 50; i++) {
        const list = await fetch(`${shop.url}/dev/mailbox`).then((r) => r.text());
        for (const [, id] of list.matchAll(/href="\/dev\/mailbox\/(\d+)"/g)) {
          const html = await fetch(`${shop.url}/dev/mailbox/${id}/html`).then((r) => r.text());
          const link = new RegExp(`https?://[^"\\s<]*${route}\\?[^"\\s<]+`).exec(html)?.[0];
          if (link && !keys.some((k) => link.includes(k))) return new URL(link.replaceAll('&amp;', '&'));
        }
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error(`no ${route} link in the outbox`);
    };
    const signIn = (password: string) =>
      gql<{ tokenCreate: { token: string | null } }>('mutation ($e: String!, $p: String!) { tokenCreate(email: $e, password: $p) { token errors { message } } }', { e: email, p: password });

    try {
      await gql('mutation ($i: AccountRegisterInput!) { accountRegister(input: $i) { user { id } errors { message } } }', { i: { email, password: PASSWORDS.first, firstName: 'Secret', lastName: 'Keeper' } });
      const verify = await linkFromOutbox('/verify');
      keys.push(verify.searchParams.get('confirmation_key')!, verify.searchParams.get('token')!);
      await call(`${verify.pathname}${verify.search}`);
      await gql('mutation ($k: String!, $t: String, $u: String) { verifyEmail(confirmationKey: $k, token: $t, uid: $u) { isVerified } }', {
        k: verify.searchParams.get('confirmation_key'), t: verify.searchParams.get('token'), u: verify.searchParams.get('uid'),
      });
      await signIn(PASSWORDS.guess);
      const first = (await signIn(PASSWORDS.first)).data.tokenCreate.token!;
      expect(first, 'signed in after verifying').toBeTruthy();
      issuedTokens.push(first);
      const changed = await gql<{ passwordChange: { token: string } }>('mutation ($o: String!, $n: String!) { passwordChange(oldPassword: $o, newPassword: $n) { token errors { message } } }', { o: PASSWORDS.first, n: PASSWORDS.second }, first);
      expect(changed.data.passwordChange.token).toBeTruthy();
      issuedTokens.push(changed.data.passwordChange.token);
      await gql('mutation ($e: String!, $p: String) { accountEmailUpdate(email: $e, password: $p) { errors { message } } }', { e: `other-${email}`, p: PASSWORDS.guess }, changed.data.passwordChange.token);
      await gql('mutation ($e: String!) { forgotPassword(email: $e) { errors { message } } }', { e: email });
      const reset = await linkFromOutbox('/reset');
      keys.push(reset.searchParams.get('token')!);
      await call(`${reset.pathname}${reset.search}`);
      const resetDone = await gql<{ resetPassword: { isSuccessful: boolean } }>('mutation ($t: String!, $u: String!, $p: String!) { resetPassword(token: $t, uid: $u, password: $p, confirmPassword: $p) { isSuccessful errors { message } } }', {
        t: reset.searchParams.get('token'), u: reset.searchParams.get('uid'), p: PASSWORDS.third,
      });
      expect(resetDone.data.resetPassword.isSuccessful).toBe(true);
      const form = await call('/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: shop.url, 'sec-fetch-site': 'same-origin' },
        body: new URLSearchParams({ intent: 'login', email, password: PASSWORDS.third }).toString(),
      });
      const cookieToken = /token=([^;]+)/.exec(form.response.headers.get('set-cookie') ?? '')?.[1];
      expect(cookieToken, 'the storefront sign-in sets the session cookie').toBeTruthy();
      issuedTokens.push(cookieToken!);
      await call('/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      await gql('{ webPushPublicKey }');
      await call(`/account?token=${issuedTokens[0]}`);
    } finally {
      await shop.stop();
    }

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const [row] = await database.db.select({ hash: users.passwordHash }).from(users).where(eq(users.email, email));
    await database.close();

    const neverAnywhere = { ...PASSWORDS, hash: row!.hash!, jwtSecret: HARDENING_JWT_SECRET, metricsToken: METRICS_TOKEN, smtpPassword: SMTP_PASSWORD, vapidPrivateKey: VAPID.privateKey };
    const neverLogged = { ...neverAnywhere, ...Object.fromEntries(issuedTokens.map((t, i) => [`session token ${i + 1}`, t])), ...Object.fromEntries(keys.map((k, i) => [`emailed key ${i + 1}`, k])) };
    const logs = shop.output();
    const inLogs = Object.entries(neverLogged).filter(([, secret]) => logs.includes(secret)).map(([name]) => name);
    const everyAnswer = answers.join('\n');
    const inAnswers = Object.entries(neverAnywhere).filter(([, secret]) => everyAnswer.includes(secret)).map(([name]) => name);
    expect(logs.split('\n').length, 'the walk was logged').toBeGreaterThan(10);
    expect(inLogs).toEqual([]);
    expect(inAnswers).toEqual([]);
    record('walk', { logLines: logs.split('\n').length, answers: answers.length, secretsChecked: Object.keys(neverLogged).length });
  });
});
