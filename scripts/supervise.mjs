// Keeps the shop's server process alive for `npm start` and `npm run serve`:
// a server that dies is started again after a growing pause, the cause told in one line; a
// clean stop (SIGINT/SIGTERM, forwarded) is not restarted; a crash loop is given up on. A
// service manager or orchestrator can do the same one level up (README, Operations).
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { clearTimeout, setTimeout } from 'node:timers';

/**
 * @typedef {{ firstDelayMs: number, maxDelayMs: number, healthyMs: number, maxRapidCrashes: number }} RestartPolicy
 * @typedef {{ code: number | null, signal: string | null, ranMs: number, stopping: boolean, firstStart: boolean, cause: string }} ServerExit
 * @typedef {{ action: 'exit', code: number } | { action: 'restart', delayMs: number, rapidCrashes: number } | { action: 'give-up', code: number }} Decision
 */

/** @type {RestartPolicy} */
export const RESTART_POLICY = {
  // 1, 2, 4, 8, 16 s: a server that dies at once is tried five times in about half a minute.
  firstDelayMs: 1_000,
  maxDelayMs: 30_000,
  // A server that ran this long was healthy: its crash starts the count (and the pause) afresh.
  healthyMs: 60_000,
  // Crashes in a row, each before healthyMs, after which the supervisor stops trying.
  maxRapidCrashes: 5,
};

/**
 * The exit code that tells how the server ended: its own, or 128 + the signal's number as a
 * shell reports it (137 for SIGKILL, 134 for SIGABRT: V8's out-of-memory abort).
 * @param {{ code: number | null, signal: string | null }} exit
 */
export function exitCodeOf({ code, signal }) {
  if (code !== null) return code;
  const number = signal ? constants.signals[/** @type {NodeJS.Signals} */ (signal)] : undefined;
  return number ? 128 + number : 1;
}

/** The line main.ts prints when the configuration, the port or the database keep it from starting. */
const START_FAILURE = /^Suki failed to start:/;

/**
 * What to do when the server process exits. Pure: `rapidCrashes` is how many crashes in a row
 * came before this one, each within `healthyMs` of its start.
 * @param {number} rapidCrashes
 * @param {ServerExit} exit
 * @param {RestartPolicy} [policy]
 * @returns {Decision}
 */
export function decide(rapidCrashes, exit, policy = RESTART_POLICY) {
  // Asked to stop (a forwarded signal), or stopped by itself cleanly: done.
  if (exit.stopping || exit.code === 0) return { action: 'exit', code: exit.code ?? 0 };
  // A first start that failed (bad setting, port taken) fails the same way again: its own one
  // line says what to fix. On a restart the same failure is likely passing (the database, the
  // lock of the process that died) and is retried like a crash.
  if (exit.firstStart && START_FAILURE.test(exit.cause)) return { action: 'exit', code: exitCodeOf(exit) };
  const crashes = exit.ranMs >= policy.healthyMs ? 1 : rapidCrashes + 1;
  if (crashes > policy.maxRapidCrashes) return { action: 'give-up', code: exitCodeOf(exit) };
  return { action: 'restart', delayMs: Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (crashes - 1)), rapidCrashes: crashes };
}

/**
 * The line of a dead process's stderr that says why it died: V8's fatal error (heap out of
 * memory), an uncaught exception's "Error: ..." line, or the shop's own start failure; else the
 * last line that is not part of a stack trace.
 * @param {string} stderrTail
 * @returns {string}
 */
export function fatalLine(stderrTail) {
  const lines = stderrTail
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .reverse();
  const first = (/** @type {RegExp} */ pattern) => lines.find((line) => pattern.test(line));
  const line =
    first(/FATAL ERROR|out of memory|^Suki failed to start:/) ??
    first(/^(Uncaught )?[A-Z]?[A-Za-z]*(Error|Exception)( \[[A-Z_]+\])?:/) ??
    lines.find((l) => !/^at |^\d+: 0x|^Node\.js v\d|^-+|^<--- |^\^+$/.test(l)) ??
    '';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

/**
 * How the process ended, in one line: "exit code 1: Error: boom", "signal SIGABRT: FATAL
 * ERROR: ... JavaScript heap out of memory".
 * @param {{ code: number | null, signal: string | null, cause: string }} exit
 */
export function describeExit({ code, signal, cause }) {
  const how = signal ? `signal ${signal}` : `exit code ${code}`;
  if (cause) return `${how}: ${cause}`;
  // Nothing on stderr: SIGKILL comes from outside (the kernel's out-of-memory killer, kill -9).
  return signal === 'SIGKILL' ? `${how} (killed from outside: kill -9 or the system's out-of-memory killer)` : `${how} (nothing on stderr; see the log above)`;
}

const STDERR_TAIL = 16 * 1024;

/**
 * Runs `command args` and keeps it running under `policy`. The child's stdout is the
 * supervisor's (a terminal keeps its pretty log); its stderr is passed through and its tail
 * kept for the cause.
 * @param {{ command?: string, args: string[], cwd?: string, env?: NodeJS.ProcessEnv, policy?: RestartPolicy, log?: (line: string) => void }} options
 * @returns {{ done: Promise<number>, stop(signal: NodeJS.Signals): void, pid(): number | undefined }}
 */
export function supervise({ command = process.execPath, args, cwd, env, policy = RESTART_POLICY, log = (line) => console.error(`suki-start: ${line}`) }) {
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  /** @type {NodeJS.Timeout | undefined} */
  let pending;
  let stopping = false;
  let rapidCrashes = 0;
  let firstStart = true;
  /** @type {(code: number) => void} */
  let finish = () => {};
  const done = new Promise((resolve) => (finish = resolve));

  const start = () => {
    pending = undefined;
    const startedAt = Date.now();
    let tail = '';
    const current = spawn(command, args, { cwd, env, stdio: ['inherit', 'inherit', 'pipe'] });
    child = current;
    log(`server process ${current.pid} started`);
    current.stderr?.on('data', (chunk) => {
      process.stderr.write(chunk);
      tail = (tail + chunk.toString()).slice(-STDERR_TAIL);
    });
    let unspawnable = false;
    current.on('error', (error) => {
      // Could not be spawned at all (no such executable): nothing to restart.
      unspawnable = true;
      log(`could not start the server: ${error.message}`);
      finish(1);
    });
    current.on('close', (code, signal) => {
      if (unspawnable) return;
      const exit = { code, signal, ranMs: Date.now() - startedAt, stopping, firstStart, cause: fatalLine(tail) };
      firstStart = false;
      const decision = decide(rapidCrashes, exit, policy);
      const seconds = Math.round(exit.ranMs / 1000);
      if (decision.action === 'exit') {
        if (!stopping && code !== 0) log(`the server did not start: ${describeExit(exit)}`);
        return finish(decision.code);
      }
      if (decision.action === 'give-up') {
        log(
          policy.maxRapidCrashes === 0
            ? `the server (pid ${current.pid}) died after ${seconds} s: ${describeExit(exit)}; not restarted (--no-restart: whoever started this restarts it).`
            : `the server died ${rapidCrashes + 1} times in a row, each within ${Math.round(policy.healthyMs / 1000)} s of starting; not restarting it again. ` +
                `Last: ${describeExit(exit)}. Fix the cause and start it again.`,
        );
        return finish(decision.code);
      }
      rapidCrashes = decision.rapidCrashes;
      log(
        `the server (pid ${current.pid}) died after ${seconds} s: ${describeExit(exit)}; ` +
          `restarting in ${decision.delayMs / 1000} s (crash ${rapidCrashes} of at most ${policy.maxRapidCrashes} in a row)`,
      );
      pending = setTimeout(start, decision.delayMs);
    });
  };
  start();

  return {
    done,
    pid: () => child?.pid,
    stop: (signal) => {
      stopping = true;
      if (pending) {
        // Waiting to restart: nothing runs, so nothing to stop.
        clearTimeout(pending);
        pending = undefined;
        return finish(0);
      }
      if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
  };
}

/**
 * supervise() for a command-line process: SIGINT and SIGTERM stop the server cleanly (never a
 * restart) and the process exits with the server's code.
 * @param {Parameters<typeof supervise>[0]} options
 */
export function runSupervised(options) {
  const supervisor = supervise(options);
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => supervisor.stop(signal));
  void supervisor.done.then((code) => process.exit(code));
  return supervisor;
}
