import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'suki-config-'));

describe('loadConfig', () => {
  it('applies defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.databaseUrl).toBeUndefined();
  });

  it('names the variable that has a bad value', () => {
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc', DATA_DIR: dataDir() })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x', DATA_DIR: dataDir() })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud', DATA_DIR: dataDir() })).toThrow(/LOG_LEVEL/);
  });

  it('generates a JWT secret once and keeps it in the data dir', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir, JWT_SECRET: 'x'.repeat(40) }).jwtSecret).toBe('x'.repeat(40));
  });
});

describe('network settings', () => {
  it('trusts no proxy by default, and a hop count or address list when told', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8, 192.168.1.7' }).trustProxy).toBe('10.0.0.0/8, 192.168.1.7');
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });

  it('reads extra CORS origins and the metrics token', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: 'https://app.suki.ph, https://m.suki.ph', METRICS_TOKEN: 't'.repeat(16) });
    expect(config.corsOrigins).toEqual(['https://app.suki.ph', 'https://m.suki.ph']);
    expect(config.metricsToken).toBe('t'.repeat(16));
    expect(() => loadConfig({ DATA_DIR: dataDir(), CORS_ORIGINS: '*' })).toThrow(/CORS_ORIGINS/);
  });
});

describe('payment provider settings', () => {
  it('leaves every provider to the sandbox without credentials, and needs both halves of a pair', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).providers).toEqual({ paypal: null, maya: null, dragonpay: null, ipay88: null });
    expect(() => loadConfig({ DATA_DIR: dataDir(), MAYA_PUBLIC_KEY: 'pk' })).toThrow(/MAYA_PUBLIC_KEY, MAYA_SECRET_KEY: set both or neither/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAYPAL_CLIENT_SECRET: 's' })).toThrow(/PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), DRAGONPAY_BASE_URL: 'not a url' })).toThrow(/DRAGONPAY_BASE_URL/);
    const config = loadConfig({ DATA_DIR: dataDir(), MAYA_PUBLIC_KEY: 'pk', MAYA_SECRET_KEY: 'sk', IPAY88_MERCHANT_CODE: 'PH1', IPAY88_KEY: 'k' });
    expect(config.providers.maya).toEqual({ publicKey: 'pk', secretKey: 'sk', baseUrl: 'https://pg-sandbox.paymaya.com' });
    expect(config.providers.ipay88).toEqual({ merchantCode: 'PH1', merchantKey: 'k', baseUrl: 'https://sandbox.ipay88.com.ph' });
  });
});
