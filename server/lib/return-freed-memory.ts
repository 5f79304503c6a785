// Gives the memory the process freed back to the operating system when it goes quiet: the C heap
// its threads freed (below) and the V8 heap's empty pages (startReturningFreedMemory).
//
// Why: glibc's malloc keeps a heap (an "arena") per thread that allocates, and V8's helper threads
// (TurboFan compiling in the background, the collector's parallel workers) and libuv's pool
// (compression) allocate and free megabytes in them. glibc returns only the free space at the
// top of an arena; what is freed in the middle stays resident. After the bench on the embedded
// database 55 MB of the process's 400 MB RSS was such free space: `malloc_trim(0)`, called once
// from outside (gdb), took it to 345 MB (bench/README.md change 162). glibc has no setting that
// does this by itself without a cost on every allocation (a fixed mmap threshold: 20% more CPU,
// change 134), and Node does not call it.
//
// How: glibc's own `malloc_trim(0)`, reached through koffi (a maintained FFI with prebuilt
// binaries; no compiler at install), called on libuv's pool so the event loop never waits for it
// (it walks every arena and its free pages). On a system without glibc (musl, macOS, Windows)
// there is nothing to call: only the V8 heap is compacted.
import { Session } from 'node:inspector';
import { createRequire } from 'node:module';
import { getHeapStatistics } from 'node:v8';
import type Koffi from 'koffi';

export type Trim = { async(pad: number, done: (error: unknown, released: number) => void): void };
type Log = { warn(object: object, message: string): void; info(object: object, message: string): void };
/** What a tick decided: a trim after the process went quiet, one while it stays busy, or none. */
export type TrimMoment = 'quiet' | 'busy' | null;

/** How often the process's CPU is looked at, ms. */
const TICK_MS = 5_000;
/** Below this share of one core over a tick, the process is quiet. */
const QUIET_SHARE = 0.2;
/** Heap committed beyond what it was after the last compaction before a quiet moment compacts again. */
const HEAP_GROWTH_BYTES = 16 * 1024 * 1024;

/**
 * Trims when the process goes quiet after work (within a tick of it), and while it stays busy at
 * most every `busyEveryMs` (0: never). An idle process is never trimmed again: it freed nothing.
 * Why not simply every few seconds: a page handed back and used again costs a page fault, and
 * under load the helper threads reuse them at once (a trim every 10 s cost 2-3% of a cold page's
 * CPU in pairs, bench/README.md change 162); at rest nothing is reused.
 *
 * A quiet moment also gives back the V8 heap's own empty pages, when the heap has grown by
 * HEAP_GROWTH_BYTES since it last did: V8 shrinks its heap only in a collection that aims at
 * memory, which it starts when the embedder says the process is idle, and Node never says so
 * (after the bench the heap sat at 136-140 MB committed for 100-115 MB used for minutes; such a
 * collection took it to 106 MB and RSS down 28-32 MB, in ~160 ms of the main thread).
 * Returns a stop function.
 */
export function startReturningFreedMemory(
  busyEveryMs: number,
  log: Log,
  // Seams for the tests: the trim, the heap's compaction, the tick and the decision.
  {
    trim = busyEveryMs > 0 ? loadMallocTrim(log) : null,
    compactHeap = compactV8Heap,
    tickMs = TICK_MS,
    decide = trimDecider(busyEveryMs),
  }: { trim?: Trim | null; compactHeap?: (done: () => void) => void; tickMs?: number; decide?: (cpuShare: number, now: number) => TrimMoment } = {},
): () => void {
  if (busyEveryMs <= 0) return () => {};
  let running = false;
  let cpu = process.cpuUsage();
  let at = performance.now();
  let heapAfterCompaction = getHeapStatistics().total_heap_size;
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    const now = performance.now();
    // Every thread's CPU (user and system, in microseconds) over the tick's wall time.
    const share = (used.user + used.system) / 1000 / Math.max(1, now - at);
    cpu = process.cpuUsage();
    at = now;
    // One at a time: a trim still running on a loaded machine is not queued behind another.
    if (running) return;
    const moment = decide(share, now);
    if (moment === null) return;
    running = true;
    const trimNow = () => {
      if (!trim) {
        running = false;
        return;
      }
      trim.async(0, (error) => {
        running = false;
        if (!error) return;
        // Said once: a call that failed will fail again.
        log.warn({ err: error }, 'malloc_trim failed: freed memory is no longer returned to the system');
        clearInterval(timer);
      });
    };
    if (moment !== 'quiet' || getHeapStatistics().total_heap_size <= heapAfterCompaction + HEAP_GROWTH_BYTES) return trimNow();
    compactHeap(() => {
      heapAfterCompaction = getHeapStatistics().total_heap_size;
      // Then the C heap: the collection freed the memory behind the objects it collected too.
      trimNow();
    });
  }, tickMs);
  // Never the reason the process stays up.
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Once a tick, with the process's CPU share over it (1 = one core) and the time: whether to trim
 * now. Only after work since the last trim: when it has gone quiet, or when it has been busy for
 * `busyEveryMs`.
 */
export function trimDecider(busyEveryMs: number, startedAt = performance.now()): (cpuShare: number, now: number) => TrimMoment {
  let lastTrim = startedAt;
  let workedSinceTrim = false;
  return (cpuShare, now) => {
    const quiet = cpuShare < QUIET_SHARE;
    if (!quiet) workedSinceTrim = true;
    if (!workedSinceTrim || (!quiet && now - lastTrim < busyEveryMs)) return null;
    lastTrim = now;
    workedSinceTrim = false;
    return quiet ? 'quiet' : 'busy';
  };
}

/**
 * A full collection that aims at memory, with the heap's empty pages given back: what V8 runs
 * when told the process is idle or short of memory. Node offers it only through the inspector
 * protocol (HeapProfiler.collectGarbage), here over an in-process session that nothing else
 * sees (no port is opened) and that is closed at once.
 */
export function compactV8Heap(done: () => void): void {
  const session = new Session();
  session.connect();
  // Answered in a later turn of the event loop; closed after it (closed inside its own answer,
  // the session kept the process alive).
  session.post('HeapProfiler.collectGarbage', () => setImmediate(() => {
    session.disconnect();
    done();
  }));
}

/** glibc's malloc_trim, or null where there is no glibc (or koffi cannot load). */
export function loadMallocTrim(log?: Log): Trim | null {
  if (!runsOnGlibc()) return null;
  try {
    // Required here rather than imported: only a process on glibc loads the native module.
    const koffi = createRequire(import.meta.url)('koffi') as typeof Koffi;
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as unknown as Trim;
  } catch (error) {
    log?.warn({ err: error }, 'freed memory is not returned to the system: malloc_trim could not be loaded');
    return null;
  }
}

export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  // Node's report says which C library it runs on (glibcVersionRuntime is absent on musl).
  const header = (process.report?.getReport() as { header?: { glibcVersionRuntime?: string } } | undefined)?.header;
  return Boolean(header?.glibcVersionRuntime);
}
