// What every bench script does with a shop process it started: the metrics token it gives it,
// reading a metric, and stopping it.
import type { ChildProcess } from 'node:child_process';

/** The METRICS_TOKEN a bench gives its shop, so that it can read /metrics. */
export const BENCH_METRICS_TOKEN = 'bench-metrics-token-0123456789';

/** A counter or gauge of the shop at `base` (its /metrics), 0 when absent. */
export async function metricOf(base: string, name: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } })).text();
  return Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? 0);
}

/** SIGTERM, and the process's exit; nothing when it has ended already. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
