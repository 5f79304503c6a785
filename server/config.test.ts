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

  it("reads how many statements the embedded database keeps named: 200 by default, 0 for none", () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).pglitePreparedStatements).toBe(200);
    expect(loadConfig({ DATA_DIR: dataDir(), PGLITE_PREPARED_STATEMENTS: '0' }).pglitePreparedStatements).toBe(0);
    expect(() => loadConfig({ DATA_DIR: dataDir(), PGLITE_PREPARED_STATEMENTS: '-1' })).toThrow(/PGLITE_PREPARED_STATEMENTS/);
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

describe('memory budgets and load shedding', () => {
  it('gives every cache a budget in bytes, each changed by its own variable', () => {
    const defaults = loadConfig({ DATA_DIR: dataDir() });
    expect(defaults.memory).toEqual({
      pageCacheBytes: 48 * 1024 * 1024,
      answerCacheBytes: 8 * 1024 * 1024,
      responseCacheBytes: 24 * 1024 * 1024,
      pageAnswersBytes: 8 * 1024 * 1024,
      mainFragmentBytes: 16 * 1024 * 1024,
      sessionCacheBytes: 4 * 1024 * 1024,
      documentCacheBytes: 6 * 1024 * 1024,
      rateLimitBytes: 8 * 1024 * 1024,
      mediaCacheBytes: 32 * 1024 * 1024,
      qrCacheBytes: 2 * 1024 * 1024,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      PAGE_CACHE_MB: '100',
      ANSWER_CACHE_MB: '0',
      RESPONSE_CACHE_MB: '1.5',
      PAGE_ANSWERS_MB: '2',
      MAIN_FRAGMENT_CACHE_MB: '3',
      SESSION_CACHE_MB: '5',
      GRAPHQL_DOCUMENT_CACHE_MB: '7',
      RATE_LIMIT_MEMORY_MB: '9',
      MEDIA_CACHE_MB: '10',
      QR_CACHE_MB: '0.5',
    }).memory;
    expect(set).toEqual({
      pageCacheBytes: 100 * 1024 * 1024,
      answerCacheBytes: 0,
      responseCacheBytes: 1.5 * 1024 * 1024,
      pageAnswersBytes: 2 * 1024 * 1024,
      mainFragmentBytes: 3 * 1024 * 1024,
      sessionCacheBytes: 5 * 1024 * 1024,
      documentCacheBytes: 7 * 1024 * 1024,
      rateLimitBytes: 9 * 1024 * 1024,
      mediaCacheBytes: 10 * 1024 * 1024,
      qrCacheBytes: 0.5 * 1024 * 1024,
    });
    expect(() => loadConfig({ DATA_DIR: dataDir(), PAGE_CACHE_MB: 'lots' })).toThrow(/PAGE_CACHE_MB/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_CACHE_MB: '-1' })).toThrow(/SESSION_CACHE_MB/);
  });

  it('hands freed memory back to the system at most every 60 s while busy unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).returnFreedMemoryMs).toBe(60_000);
    expect(loadConfig({ DATA_DIR: dataDir(), RETURN_FREED_MEMORY_SECONDS: '0' }).returnFreedMemoryMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir(), RETURN_FREED_MEMORY_SECONDS: '60' }).returnFreedMemoryMs).toBe(60_000);
    expect(() => loadConfig({ DATA_DIR: dataDir(), RETURN_FREED_MEMORY_SECONDS: '-1' })).toThrow(/RETURN_FREED_MEMORY_SECONDS/);
  });

  it('reads when to refuse new work', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).overload).toEqual({
      maxRenders: 16,
      maxQueued: 64,
      maxWaitMs: 2000,
      eventLoopDelayMs: 200,
      heapRatio: 0.85,
      retryAfterSeconds: 5,
    });
    const set = loadConfig({
      DATA_DIR: dataDir(),
      OVERLOAD_MAX_RENDERS: '4',
      OVERLOAD_MAX_QUEUED: '0',
      OVERLOAD_MAX_WAIT_MS: '500',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '100',
      OVERLOAD_HEAP_PERCENT: '90',
      OVERLOAD_RETRY_AFTER_SECONDS: '30',
    }).overload;
    expect(set).toEqual({ maxRenders: 4, maxQueued: 0, maxWaitMs: 500, eventLoopDelayMs: 100, heapRatio: 0.9, retryAfterSeconds: 30 });
    expect(() => loadConfig({ DATA_DIR: dataDir(), OVERLOAD_MAX_RENDERS: '0' })).toThrow(/OVERLOAD_MAX_RENDERS/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), OVERLOAD_HEAP_PERCENT: '150' })).toThrow(/OVERLOAD_HEAP_PERCENT/);
  });
});

describe('backup settings', () => {
  it('backs up at 03:00 Manila time and keeps 7 by default; a time, off, or a count when told', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).backup).toEqual({ time: { hour: 3, minute: 0 }, keep: 7 });
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_TIME: '23:45', BACKUP_KEEP: '30' }).backup).toEqual({ time: { hour: 23, minute: 45 }, keep: 30 });
    expect(loadConfig({ DATA_DIR: dataDir(), BACKUP_TIME: 'off' }).backup.time).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_TIME: '3am' })).toThrow(/BACKUP_TIME/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_TIME: '24:00' })).toThrow(/BACKUP_TIME/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});

describe('file storage', () => {
  it('stores files in the data dir by default, in PostgreSQL by default with DATABASE_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).storage).toEqual({ driver: 'datadir', s3: null });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/shop' }).storage).toEqual({ driver: 'postgres', s3: null });
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://db/shop', STORAGE_DRIVER: 'datadir' }).storage.driver).toBe('datadir');
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER/);
  });

  it('reads the S3 settings, and needs a bucket for the s3 driver and both keys or neither', () => {
    const config = loadConfig({
      DATA_DIR: dataDir(),
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'suki-media',
      S3_ACCESS_KEY_ID: 'minio',
      S3_SECRET_ACCESS_KEY: 'minio-secret',
      S3_FORCE_PATH_STYLE: 'on',
    });
    expect(config.storage).toEqual({
      driver: 's3',
      s3: {
        endpoint: 'http://127.0.0.1:9000',
        region: 'us-east-1',
        bucket: 'suki-media',
        credentials: { accessKeyId: 'minio', secretAccessKey: 'minio-secret' },
        forcePathStyle: true,
      },
    });
    expect(loadConfig({ DATA_DIR: dataDir(), STORAGE_DRIVER: 's3', S3_BUCKET: 'shop-files' }).storage.s3?.credentials).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: dataDir(), STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET: must be set when STORAGE_DRIVER=s3/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_BUCKET: 'b12', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/set both or neither/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });
});
