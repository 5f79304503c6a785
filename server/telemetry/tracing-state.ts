// Whether this process traces. Kept on globalThis: the preload (dist/telemetry.js) and the server
// (dist/main.js) are two bundles, each with its own copy of this module.
const KEY = Symbol.for('suki.tracing');

type Holder = { [KEY]?: { shutdown(): Promise<void> } };

/** Called by startTracing (tracing.ts) with how to flush and stop; null when it stops. */
export function markTracing(tracing: { shutdown(): Promise<void> } | null): void {
  (globalThis as Holder)[KEY] = tracing ?? undefined;
}

/** True once startTracing ran: the GraphQL plugin is added then only. */
export function isTracing(): boolean {
  return (globalThis as Holder)[KEY] !== undefined;
}

/** Sends the spans not yet exported and stops tracing (the server's stop, before it exits). */
export async function endTracing(): Promise<void> {
  await (globalThis as Holder)[KEY]?.shutdown().catch(() => undefined);
}
