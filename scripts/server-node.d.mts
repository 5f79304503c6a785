// Types of server-node.mjs for the TypeScript that spawns the shop (bench, e2e, hardening).
export declare const SERVER_OLD_SPACE_MB: number;
export declare const SERVER_SEMI_SPACE_MB: number;
/** With OTEL_EXPORTER_OTLP_ENDPOINT in `env`, `--import <entry dir>/telemetry.js` before the entry. */
export declare function serverNodeArgs(entry?: string, nodeOptions?: string, env?: Record<string, string | undefined>): string[];
export declare function serverHeapFlags(nodeOptions?: string): string[];
export declare const FUNCTIONAL_TEST_OVERLOAD_ENV: Readonly<{ OVERLOAD_EVENT_LOOP_DELAY_MS: string; OVERLOAD_HEAP_PERCENT: string }>;
