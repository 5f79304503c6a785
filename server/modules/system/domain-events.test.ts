import { describe, expect, it } from 'vitest';
import { answerPort, ask, domainEvent, markModulesWired, onEvent, port, raise } from './domain-events';

describe('domain events and ports', () => {
  it('refuses to raise or ask before the modules are wired, then runs every handler in order', async () => {
    const happened = domainEvent<number, string[]>('happened');
    await expect(raise([], happened, 1)).rejects.toThrow(/before the modules were wired/);
    onEvent(happened, async (log, n) => void log.push(`first ${n}`));
    onEvent(happened, async (log, n) => void log.push(`second ${n}`));
    markModulesWired();
    const log: string[] = [];
    await raise(log, happened, 7);
    expect(log).toEqual(['first 7', 'second 7']);
  });

  it('stops at a failing handler, so the raiser rolls its transaction back', async () => {
    markModulesWired();
    const failing = domainEvent<void, string[]>('failing');
    onEvent(failing, async () => {
      throw new Error('no');
    });
    onEvent(failing, async (log) => void log.push('not reached'));
    const log: string[] = [];
    await expect(raise(log, failing, undefined)).rejects.toThrow('no');
    expect(log).toEqual([]);
  });

  it('has exactly one answer per port', () => {
    markModulesWired();
    const double = port<(n: number) => number>('double');
    expect(() => ask(double)).toThrow(/has no answer/);
    const answer = (n: number) => n * 2;
    answerPort(double, answer);
    expect(ask(double)(4)).toBe(8);
    expect(() => answerPort(double, (n: number) => n + n)).toThrow(/answered twice/);
  });
});
