// Helpers for tests of jobs: a config with a fast poll, and waiting until something holds.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadConfig, type Config } from '../config';

export function jobTestConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'suki-jobs-')), JOBS_POLL_SECONDS: '0.5' }),
    ...overrides,
  };
}

export const silentLog = () => pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });

/** Resolves once `check` returns true; rejects after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 15_000, what = 'the condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
