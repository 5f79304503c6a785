// Types of server-node.mjs for the TypeScript that spawns the shop (bench, e2e, hardening).
export declare const SERVER_OLD_SPACE_MB: number;
export declare const SERVER_SEMI_SPACE_MB: number;
export declare function serverNodeArgs(entry?: string, nodeOptions?: string): string[];
export declare function serverHeapFlags(nodeOptions?: string): string[];
export declare const FUNCTIONAL_TEST_OVERLOAD_ENV: Readonly<{ OVERLOAD_EVENT_LOOP_DELAY_MS: string; OVERLOAD_HEAP_PERCENT: string }>;
