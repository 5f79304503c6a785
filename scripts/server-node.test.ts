// The server's heap limits are real V8 limits, and an operator's NODE_OPTIONS wins over them.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SERVER_OLD_SPACE_MB, SERVER_SEMI_SPACE_MB, serverHeapFlags, serverNodeArgs } from './server-node.mjs';

/** V8's heap limit (old space plus young generation) of a Node started with `flags`, in MB. */
function heapLimitMb(flags: string[], env: Record<string, string> = {}): number {
  const result = spawnSync(process.execPath, [...flags, '-e', 'console.log(require("v8").getHeapStatistics().heap_size_limit)'], {
    env: { ...process.env, NODE_OPTIONS: '', ...env },
    encoding: 'utf8',
  });
  return Number(result.stdout.trim()) / 1024 / 1024;
}

describe('serverNodeArgs', () => {
  it('runs the bundle with source maps and both heap limits', () => {
    expect(serverNodeArgs('dist/main.js', '')).toEqual([
      `--max-old-space-size=${SERVER_OLD_SPACE_MB}`,
      `--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`,
      '--enable-source-maps',
      'dist/main.js',
    ]);
  });

  it('leaves a limit the operator set in NODE_OPTIONS to it', () => {
    expect(serverHeapFlags('--max-old-space-size=512')).toEqual([`--max-semi-space-size=${SERVER_SEMI_SPACE_MB}`]);
    expect(serverHeapFlags('--max_semi_space_size=4 --max-old-space-size=512')).toEqual([]);
  });

  it('bounds the heap V8 reports: the old space plus a young generation of three semi-spaces', () => {
    const limit = heapLimitMb(serverHeapFlags(''));
    expect(limit).toBeGreaterThanOrEqual(SERVER_OLD_SPACE_MB);
    expect(limit).toBeLessThanOrEqual(SERVER_OLD_SPACE_MB + 3 * SERVER_SEMI_SPACE_MB + 1);
    // An operator's larger limit through NODE_OPTIONS is the one the process gets.
    expect(heapLimitMb(serverHeapFlags('--max-old-space-size=512'), { NODE_OPTIONS: '--max-old-space-size=512' })).toBeGreaterThanOrEqual(512);
  });
});
