// When the nightly backup runs: BACKUP_TIME on a Manila clock (UTC+8 all year).
import { describe, expect, it } from 'vitest';
import { nextBackupAt } from './nightly-backup';

describe('nextBackupAt', () => {
  it('is tonight when the time is still ahead in Manila, else tomorrow', () => {
    // 2026-11-27 10:00 UTC is 18:00 in Manila: 03:00 Manila is 19:00 UTC.
    expect(nextBackupAt({ hour: 3, minute: 0 }, new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-11-27T19:00:00.000Z');
    // 20:00 UTC is 04:00 the next day in Manila: the next 03:00 is a day later.
    expect(nextBackupAt({ hour: 3, minute: 0 }, new Date('2026-11-27T20:00:00Z')).toISOString()).toBe('2026-11-28T19:00:00.000Z');
    // 23:30 Manila is 15:30 UTC the same Manila day.
    expect(nextBackupAt({ hour: 23, minute: 30 }, new Date('2026-11-27T10:00:00Z')).toISOString()).toBe('2026-11-27T15:30:00.000Z');
  });

  it('never answers the moment given', () => {
    expect(nextBackupAt({ hour: 3, minute: 0 }, new Date('2026-11-27T19:00:00Z')).toISOString()).toBe('2026-11-28T19:00:00.000Z');
  });
});
