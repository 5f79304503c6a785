// Two processes on one embedded data dir lost a sign-up; the second start
// is now refused with a message naming DATA_DIR.
import { mkdtempSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'suki-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const noLoss = () => {
  throw new Error('the lock was lost');
};

describe('data dir lock', () => {
  it('refuses a second holder while the first lives, and lets it in after release', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    const first = await lockDataDir(dir, noLoss, 0);
    const second = lockDataDir(dir, noLoss, 0);
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(/in use by another Suki process.*DATA_DIR/);
    await first.release();
    const third = await lockDataDir(dir, noLoss, 0);
    await third.release();
  });

  it('takes over a lock left by a process that was killed', async () => {
    const dir = freshDir();
    mkdirSync(dir);
    // What a SIGKILLed holder leaves: the lock directory, no longer refreshed.
    mkdirSync(`${dir}.lock`);
    const longAgo = new Date(Date.now() - 60_000);
    utimesSync(`${dir}.lock`, longAgo, longAgo);
    const lock = await lockDataDir(dir, noLoss, 0);
    await lock.release();
  });
});
