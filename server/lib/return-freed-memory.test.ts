import { describe, expect, it } from 'vitest';
import { getHeapStatistics } from 'node:v8';
import { compactV8Heap, loadMallocTrim, runsOnGlibc, startReturningFreedMemory, trimDecider, type Trim } from './return-freed-memory';

const silent = { warn: () => {}, info: () => {} };
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const always = () => 'busy' as const;
const noCompaction = (done: () => void) => done();

describe('returning freed memory to the system', () => {
  it("calls glibc's malloc_trim off the event loop where the process runs on glibc, and nothing elsewhere", async () => {
    const trim = loadMallocTrim(silent);
    expect(trim !== null).toBe(runsOnGlibc());
    if (trim) {
      // malloc_trim answers 1 when it gave memory back, 0 when there was none to give.
      const released = await new Promise<number>((resolve, reject) => trim.async(0, (error, value) => (error ? reject(error) : resolve(value))));
      expect([0, 1]).toContain(released);
    }
  });

  it('trims once the process goes quiet after work, at most every interval while it stays busy, never while idle', () => {
    const decide = trimDecider(60_000, 0);
    // Idle from the start: nothing was freed.
    expect(decide(0.01, 5_000)).toBe(null);
    expect(decide(0.05, 10_000)).toBe(null);
    // Busy: not yet (the interval since the last trim has not passed)...
    expect(decide(1.5, 15_000)).toBe(null);
    // ...then quiet: at once.
    expect(decide(0.1, 20_000)).toBe('quiet');
    // Still quiet: nothing new to give back.
    expect(decide(0.1, 25_000)).toBe(null);
    // Busy for a long time: once every interval.
    const busy = [30_000, 40_000, 80_000, 85_000, 145_000].map((now) => decide(1.9, now));
    expect(busy).toEqual([null, null, 'busy', null, 'busy']);
  });

  it('runs one trim at a time, until stopped', async () => {
    let calls = 0;
    let finish: (() => void) | null = null;
    const trim: Trim = { async: (_pad, done) => { calls++; finish = () => done(null, 1); } };
    const stop = startReturningFreedMemory(60_000, silent, { trim, tickMs: 10, decide: always, compactHeap: noCompaction });
    await wait(60);
    // The first trim has not answered: no second one was started behind it.
    expect(calls).toBe(1);
    finish!();
    await wait(40);
    expect(calls).toBeGreaterThan(1);
    stop();
    finish!();
    const stoppedAt = calls;
    await wait(40);
    expect(calls).toBe(stoppedAt);
  });

  it('never trims with an interval of 0', async () => {
    let calls = 0;
    const stop = startReturningFreedMemory(0, silent, { trim: { async: () => void calls++ }, tickMs: 10, decide: always, compactHeap: noCompaction });
    await wait(30);
    expect(calls).toBe(0);
    stop();
  });

  it('says so once, and stops trying, when a trim fails', async () => {
    const warnings: string[] = [];
    let calls = 0;
    const trim: Trim = { async: (_pad, done) => { calls++; done(new Error('no'), 0); } };
    const stop = startReturningFreedMemory(60_000, { ...silent, warn: (_o, message) => void warnings.push(message) }, { trim, tickMs: 10, decide: always, compactHeap: noCompaction });
    await wait(60);
    stop();
    expect(calls).toBe(1);
    expect(warnings).toEqual(['malloc_trim failed: freed memory is no longer returned to the system']);
  });

  it("gives the V8 heap's empty pages back in a collection that aims at memory", async () => {
    await new Promise<void>((resolve) => compactV8Heap(resolve));
    const before = getHeapStatistics().total_heap_size;
    // ~64 MB of small objects, then dropped: the heap grows for them and keeps its pages after.
    expect(allocate(1_000_000).length).toBe(1_000_000);
    expect(getHeapStatistics().total_heap_size).toBeGreaterThan(before + 32 * 1024 * 1024);
    await new Promise<void>((resolve) => compactV8Heap(resolve));
    expect(getHeapStatistics().total_heap_size).toBeLessThan(before + 16 * 1024 * 1024);
  });

  it('compacts the heap at a quiet moment when it has grown, then trims; never while busy', async () => {
    const quietOrder: string[] = [];
    const record = (order: string[]) => ({
      trim: { async: (_pad: number, done: (error: unknown, released: number) => void) => { order.push('trim'); done(null, 1); } },
      compactHeap: (done: () => void) => { order.push('compact'); done(); },
      tickMs: 10,
    });
    const kept = allocate(600_000);
    const stopQuiet = startReturningFreedMemory(60_000, silent, { ...record(quietOrder), decide: () => 'quiet' });
    const more = allocate(600_000);
    await wait(60);
    stopQuiet();
    // The heap grew since the process started: compacted once, then trimmed; later quiet
    // moments only trim (it has not grown again).
    expect(quietOrder.slice(0, 2)).toEqual(['compact', 'trim']);
    expect(quietOrder.filter((step) => step === 'compact')).toHaveLength(1);
    expect(quietOrder.length).toBeGreaterThan(2);
    const busyOrder: string[] = [];
    const stopBusy = startReturningFreedMemory(60_000, silent, { ...record(busyOrder), decide: () => 'busy' });
    const evenMore = allocate(600_000);
    await wait(40);
    stopBusy();
    expect(busyOrder.length).toBeGreaterThan(0);
    expect(busyOrder).not.toContain('compact');
    expect(kept.length + more.length + evenMore.length).toBe(1_800_000);
  });
});

/** Small objects (~64 bytes each with their parts). */
function allocate(count: number): unknown[] {
  return Array.from({ length: count }, (_, i) => ({ i, text: `entry ${i}`, list: [i, i + 1] }));
}
