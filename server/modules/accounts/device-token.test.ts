// Device tokens: trust is per account (sign-in throttling), while the device id is the browser's,
// kept across the accounts signed in on it (the referral shared-device rule counts those).
import { describe, expect, it } from 'vitest';
import { deviceIdOf, signDeviceToken, trustedDeviceId } from './device-token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('device tokens', () => {
  it('trust a device for its own account only, but name the device for any', async () => {
    const token = await signDeviceToken(7, SECRET, 'device-1');
    expect(await trustedDeviceId(token, 7, SECRET)).toBe('device-1');
    expect(await trustedDeviceId(token, 8, SECRET)).toBeNull();
    expect(await deviceIdOf(token, SECRET)).toBe('device-1');
  });

  it('name no device for a forged, foreign or missing token', async () => {
    const foreign = await signDeviceToken(7, 'another-secret-that-is-long-enough-987654', 'device-2');
    expect(await deviceIdOf(foreign, SECRET)).toBeNull();
    expect(await deviceIdOf('not-a-token', SECRET)).toBeNull();
    expect(await deviceIdOf(null, SECRET)).toBeNull();
  });
});
