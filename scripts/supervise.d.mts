// Types of supervise.mjs for the TypeScript that tests it.
export type RestartPolicy = { firstDelayMs: number; maxDelayMs: number; healthyMs: number; maxRapidCrashes: number };
export type ServerExit = { code: number | null; signal: string | null; ranMs: number; stopping: boolean; firstStart: boolean; cause: string };
export type Decision = { action: 'exit'; code: number } | { action: 'restart'; delayMs: number; rapidCrashes: number } | { action: 'give-up'; code: number };
export type SuperviseOptions = { command?: string; args: string[]; cwd?: string; env?: NodeJS.ProcessEnv; policy?: RestartPolicy; log?: (line: string) => void };
export type Supervisor = { done: Promise<number>; stop(signal: NodeJS.Signals): void; pid(): number | undefined };
export declare const RESTART_POLICY: RestartPolicy;
export declare function exitCodeOf(exit: { code: number | null; signal: string | null }): number;
export declare function decide(rapidCrashes: number, exit: ServerExit, policy?: RestartPolicy): Decision;
export declare function fatalLine(stderrTail: string): string;
export declare function describeExit(exit: { code: number | null; signal: string | null; cause: string }): string;
export declare function supervise(options: SuperviseOptions): Supervisor;
export declare function runSupervised(options: SuperviseOptions): Supervisor;
