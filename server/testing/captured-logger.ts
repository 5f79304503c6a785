// A logger that writes its JSON lines into memory, for tests that read what was logged.
import { Writable } from 'node:stream';
import { createLogger } from '../lib/logger';

export function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return {
    log: createLogger({ logLevel: 'info' }, stream),
    lines,
    records: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    text: () => lines.join('\n'),
  };
}
