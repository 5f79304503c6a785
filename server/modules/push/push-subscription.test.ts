// Which registrationIds authorizeDevice accepts, and the VAPID settings (docs/decisions/014-web-push.md).
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { endpointOf, isAllowedEndpoint, parseRegistrationId } from './push-subscription';

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
const registration = (endpoint: string) => JSON.stringify({ endpoint, expirationTime: null, keys });
const live = { allowLoopback: false };
const demo = { allowLoopback: true };

describe('push endpoints', () => {
  it('accepts the browsers\' push services over https', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://web.push.apple.com/QGuQyavXutnMH',
    ]) {
      expect(isAllowedEndpoint(endpoint, live), endpoint).toBe(true);
    }
  });

  it('refuses any other address, and loopback in a live shop', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com.example/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://169.254.169.254/latest/meta-data',
      'http://127.0.0.1:9999/push',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect(isAllowedEndpoint(endpoint, live), endpoint).toBe(false);
    }
    expect(isAllowedEndpoint('http://127.0.0.1:9999/push', demo)).toBe(true);
    expect(isAllowedEndpoint('http://localhost:9999/push', demo)).toBe(true);
    expect(isAllowedEndpoint('http://192.168.1.10:9999/push', demo)).toBe(false);
  });
});

describe('parseRegistrationId', () => {
  it('reads a PushSubscription\'s JSON', () => {
    expect(parseRegistrationId(registration('https://fcm.googleapis.com/fcm/send/x'), live)).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/x',
      keys,
    });
  });

  it('refuses keys that are not a P-256 point and a 16-byte secret', () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/x';
    const withKeys = (k: object) => JSON.stringify({ endpoint, keys: k });
    expect(parseRegistrationId(withKeys({ ...keys, p256dh: keys.p256dh.slice(2) }), live)).toBeNull();
    expect(parseRegistrationId(withKeys({ ...keys, p256dh: Buffer.alloc(65, 3).toString('base64url') }), live)).toBeNull();
    expect(parseRegistrationId(withKeys({ ...keys, auth: randomBytes(8).toString('base64url') }), live)).toBeNull();
    expect(parseRegistrationId(withKeys({ p256dh: keys.p256dh }), live)).toBeNull();
    expect(parseRegistrationId('{"endpoint":', live)).toBeNull();
    expect(parseRegistrationId('null', live)).toBeNull();
  });

  it('finds the endpoint to turn off in the JSON or as a bare URL', () => {
    expect(endpointOf(registration('https://fcm.googleapis.com/fcm/send/x'))).toBe('https://fcm.googleapis.com/fcm/send/x');
    expect(endpointOf(' https://fcm.googleapis.com/fcm/send/x ')).toBe('https://fcm.googleapis.com/fcm/send/x');
    expect(endpointOf('{"keys":{}}')).toBeNull();
    expect(endpointOf('hello')).toBeNull();
  });
});

describe('VAPID settings', () => {
  const dataDir = () => mkdtempSync(path.join(tmpdir(), 'suki-vapid-'));

  it('generates a key pair once into the data dir', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).vapid;
    expect(Buffer.from(first.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.privateKey, 'base64url')).toHaveLength(32);
    expect(first.subject).toBe('mailto:no-reply@suki.ph');
    expect(loadConfig({ DATA_DIR: dir }).vapid).toEqual(first);
  });

  it('takes the keys and subject from the environment, both keys or neither', () => {
    const env = { DATA_DIR: dataDir(), VAPID_PUBLIC_KEY: keys.p256dh, VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url') };
    expect(loadConfig({ ...env, VAPID_SUBJECT: 'https://suki.ph/contact' }).vapid).toEqual({
      publicKey: env.VAPID_PUBLIC_KEY,
      privateKey: env.VAPID_PRIVATE_KEY,
      subject: 'https://suki.ph/contact',
    });
    expect(() => loadConfig({ DATA_DIR: env.DATA_DIR, VAPID_PUBLIC_KEY: env.VAPID_PUBLIC_KEY })).toThrow(/VAPID_PRIVATE_KEY/);
    expect(() => loadConfig({ ...env, VAPID_PUBLIC_KEY: 'short' })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => loadConfig({ ...env, VAPID_SUBJECT: 'http://suki.ph' })).toThrow(/VAPID_SUBJECT/);
  });
});
