// Tests' stand-in for a browser push service (FCM, Mozilla autopush) on loopback http: records
// each message, answers with the status a test chose for its path, and decodes what a real one
// and the browser would: the VAPID JWT (RFC 8292) and the aes128gcm payload (RFC 8291).
import { Buffer } from 'node:buffer';
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, importJWK, jwtVerify } from 'jose';

export type PushPost = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A browser's side of a subscription: the keys it gives the shop, and its private key to read messages. */
export type FakeBrowser = { registrationId: string; endpoint: string; keys: { p256dh: string; auth: string }; ecdh: ECDH; authSecret: Buffer };

export async function startFakePushService() {
  const posts: PushPost[] = [];
  /** Status to answer per path (default 201 Created, as FCM and autopush answer). */
  const statusByPath = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      posts.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusByPath.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A new browser subscribed with this service: real P-256 keys, so web-push can encrypt to it. */
  function browser(path = `/push/${randomBytes(8).toString('hex')}`): FakeBrowser {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const endpoint = `${origin}${path}`;
    const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') };
    return { registrationId: JSON.stringify({ endpoint, expirationTime: null, keys }), endpoint, keys, ecdh, authSecret };
  }

  return {
    origin,
    posts,
    browser,
    answer: (path: string, status: number) => statusByPath.set(path, status),
    postsTo: (b: FakeBrowser) => posts.filter((p) => `${origin}${p.path}` === b.endpoint),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Checks `Authorization: vapid t=<JWT>, k=<public key>` as a push service does: an ES256 JWT
 * signed by k, for this service's origin, not expired. Returns its claims.
 */
export async function verifyVapid(post: PushPost, audience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(post.headers.authorization ?? ''));
  if (!match) throw new Error(`not a VAPID Authorization header: ${post.headers.authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const point = Buffer.from(k, 'base64url');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    'ES256',
  );
  await jwtVerify(token, key, { audience, algorithms: ['ES256'] });
  return { publicKey: k, claims: decodeJwt(token) };
}

/** Decrypts an aes128gcm message body with the browser's keys (RFC 8291, one record). */
export function decryptPush(browser: FakeBrowser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(0x02);
  return padded.subarray(0, end).toString('utf8');
}
