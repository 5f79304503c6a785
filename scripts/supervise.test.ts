// The supervisor of `npm start`: when it restarts, how long it waits, when it gives up, what it
// says the cause was; then real processes: a killed server comes back, a stop is not a crash,
// a server that runs out of heap at once is given up on with V8's own line as the cause.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RESTART_POLICY, decide, describeExit, fatalLine, type ServerExit } from './supervise.mjs';

const crash = (over: Partial<ServerExit> = {}): ServerExit => ({ code: 1, signal: null, ranMs: 1_000, stopping: false, firstStart: false, cause: '', ...over });

describe('decide', () => {
  it('doubles the pause for each crash in a row, up to the limit, then gives up', () => {
    const delays: number[] = [];
    let rapid = 0;
    for (;;) {
      const decision = decide(rapid, crash());
      if (decision.action !== 'restart') {
        expect(decision).toEqual({ action: 'give-up', code: 1 });
        break;
      }
      delays.push(decision.delayMs);
      rapid = decision.rapidCrashes;
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(delays).toHaveLength(RESTART_POLICY.maxRapidCrashes);
  });

  it('gives up at the first crash when restarts are left to someone else (--no-restart)', () => {
    expect(decide(0, crash({ code: null, signal: 'SIGKILL', ranMs: 3_600_000 }), { ...RESTART_POLICY, maxRapidCrashes: 0 })).toEqual({ action: 'give-up', code: 137 });
    expect(decide(0, crash({ code: 7 }), { ...RESTART_POLICY, maxRapidCrashes: 0 })).toEqual({ action: 'give-up', code: 7 });
  });

  it('caps the pause', () => {
    const policy = { ...RESTART_POLICY, maxRapidCrashes: 20 };
    expect(decide(10, crash(), policy)).toEqual({ action: 'restart', delayMs: RESTART_POLICY.maxDelayMs, rapidCrashes: 11 });
  });

  it('starts counting afresh after a healthy run', () => {
    expect(decide(4, crash({ ranMs: RESTART_POLICY.healthyMs }))).toEqual({ action: 'restart', delayMs: 1_000, rapidCrashes: 1 });
    expect(decide(5, crash({ ranMs: 10 * 60_000, signal: 'SIGABRT', code: null }))).toMatchObject({ action: 'restart', rapidCrashes: 1 });
  });

  it('never restarts a stop: a forwarded signal, or a clean exit of its own', () => {
    expect(decide(0, crash({ stopping: true, code: null, signal: 'SIGTERM' }))).toEqual({ action: 'exit', code: 0 });
    expect(decide(0, crash({ stopping: true, code: 0 }))).toEqual({ action: 'exit', code: 0 });
    expect(decide(2, crash({ code: 0 }))).toEqual({ action: 'exit', code: 0 });
  });

  it('does not retry a first start that failed, but retries one after a crash', () => {
    const failed = { code: 1, cause: 'Suki failed to start: PORT 3000 is already in use by another program' };
    expect(decide(0, crash({ ...failed, firstStart: true }))).toEqual({ action: 'exit', code: 1 });
    expect(decide(1, crash({ ...failed, firstStart: false }))).toEqual({ action: 'restart', delayMs: 2_000, rapidCrashes: 2 });
  });
});

describe('fatalLine', () => {
  it("picks V8's out-of-memory line out of its report", () => {
    const report = [
      '<--- Last few GCs --->',
      '[123:0x5]    83012 ms: Mark-Compact 190.1 (200.3) -> 189.9 (200.6) MB, 512.20 / 0.00 ms  (average mu = 0.1) allocation failure',
      '<--- JS stacktrace --->',
      '',
      'FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory',
      '----- Native stack trace -----',
      '',
      ' 1: 0xb8ced1 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]',
      ' 2: 0xf06b50 v8::Utils::ReportOOMFailure(v8::internal::Isolate*, char const*, v8::OOMDetails const&) [node]',
    ].join('\n');
    expect(fatalLine(report)).toBe('FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory');
  });

  it("picks an uncaught exception's message, not its stack or Node's version line", () => {
    const report = ['file:///app/dist/main.js:10', '    throw new TypeError("x is not a function");', '    ^', '', 'TypeError: x is not a function', '    at main (file:///app/dist/main.js:10:11)', '', 'Node.js v20.20.0'].join('\n');
    expect(fatalLine(report)).toBe('TypeError: x is not a function');
    expect(fatalLine('Error [ERR_MODULE_NOT_FOUND]: Cannot find module dist/main.js\n    at x\n\nNode.js v20.20.0\n')).toBe('Error [ERR_MODULE_NOT_FOUND]: Cannot find module dist/main.js');
  });

  it('keeps the start failure line, or the last plain line; nothing when stderr was empty', () => {
    expect(fatalLine('Suki failed to start: DATABASE_URL must be a postgres:// URL\n')).toBe('Suki failed to start: DATABASE_URL must be a postgres:// URL');
    expect(fatalLine('warning: something\nsegfault in sharp\n')).toBe('segfault in sharp');
    expect(fatalLine('')).toBe('');
  });

  it('says a SIGKILL without a word came from outside', () => {
    expect(describeExit({ code: null, signal: 'SIGKILL', cause: '' })).toMatch(/^signal SIGKILL \(killed from outside/);
    expect(describeExit({ code: 1, signal: null, cause: 'TypeError: x' })).toBe('exit code 1: TypeError: x');
  });
});

// Real processes: a supervisor (as start.mjs runs it) over a small stand-in server.
const dir = mkdtempSync(path.join(tmpdir(), 'suki-supervise-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const supervisorUrl = pathToFileURL(path.resolve(import.meta.dirname, 'supervise.mjs')).href;

/** Starts `node -e <supervisor of child.mjs>`; collects its stderr, where it logs. */
function startSupervisor(childSource: string, policy: Partial<typeof RESTART_POLICY>, childArgs: string[] = []) {
  const childFile = path.join(dir, `child-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(childFile, childSource);
  const script = `import { runSupervised, RESTART_POLICY } from ${JSON.stringify(supervisorUrl)};
runSupervised({ args: [...${JSON.stringify(childArgs)}, ${JSON.stringify(childFile)}], policy: { ...RESTART_POLICY, ...${JSON.stringify(policy)} } });`;
  const supervisor = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  supervisor.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  supervisor.stdout.resume();
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => supervisor.once('exit', (code, signal) => resolve({ code, signal })));
  return { supervisor, exited, log: () => log };
}

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const pids = (log: string) => [...log.matchAll(/server process (\d+) started/g)].map((m) => Number(m[1]));

describe('supervise (real processes)', () => {
  it('restarts a killed server, then stops it on SIGTERM without restarting', async () => {
    // A stand-in server: stays up until told to stop, and stops cleanly on SIGTERM.
    const { supervisor, exited, log } = startSupervisor(`process.on('SIGTERM', () => process.exit(0)); setInterval(() => {}, 1000);`, { firstDelayMs: 100 });
    const [first] = await until('the first server', () => (pids(log()).length >= 1 ? pids(log()) : undefined));
    process.kill(first!, 'SIGKILL');
    const second = await until('the restarted server', () => pids(log())[1]);
    expect(second).not.toBe(first);
    expect(log()).toMatch(new RegExp(`the server \\(pid ${first}\\) died after \\d+ s: signal SIGKILL \\(killed from outside[^\\n]*; restarting in 0.1 s \\(crash 1 of at most 5 in a row\\)`));

    supervisor.kill('SIGTERM');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(pids(log())).toHaveLength(2);
    expect(() => process.kill(second!, 0)).toThrow(); // the server is gone with it
  });

  it('gives up on a server that runs out of heap at every start, quoting V8', async () => {
    const { exited, log } = startSupervisor(`const kept = []; for (;;) kept.push(new Array(100_000).fill({}));`, { firstDelayMs: 50, maxRapidCrashes: 2 }, ['--max-old-space-size=16']);
    expect((await exited).code).toBe(134); // 128 + SIGABRT, as a shell would report it
    expect(pids(log())).toHaveLength(3);
    expect(log()).toMatch(/crash 2 of at most 2 in a row/);
    expect(log()).toMatch(/the server died 3 times in a row, each within 60 s of starting; not restarting it again\. Last: signal SIGABRT: FATAL ERROR: .*JavaScript heap out of memory/);
  }, 30_000);

  it("does not retry a first start that failed; its code is the supervisor's", async () => {
    const { exited, log } = startSupervisor(`console.error('Suki failed to start: PORT 1 may not be used by this user'); process.exit(1);`, { firstDelayMs: 50 });
    expect(await exited).toEqual({ code: 1, signal: null });
    expect(pids(log())).toHaveLength(1);
    expect(log()).toContain('the server did not start: exit code 1: Suki failed to start: PORT 1 may not be used by this user');
  });
});
