import { describe, expect, it } from 'vitest';
import { coalescingPassThrough } from './coalesce-chunks.server';

const collect = (stream: NodeJS.ReadableStream) => {
  const seen: string[] = [];
  stream.on('data', (chunk: Buffer) => seen.push(chunk.toString('utf8')));
  return seen;
};
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescingPassThrough', () => {
  it('hands on what was written in one turn as one chunk, bytes in order', async () => {
    const stream = coalescingPassThrough();
    const seen = collect(stream);
    for (const part of ['<html>', new TextEncoder().encode('<body>'), 'ñ', '</body></html>']) stream.write(part);
    expect(seen).toEqual([]);
    await nextTurn();
    expect(seen).toEqual(['<html><body>ñ</body></html>']);
  });

  it('still streams: what comes in a later turn goes on later, and the end releases the rest', async () => {
    const stream = coalescingPassThrough();
    const seen = collect(stream);
    stream.write('shell ');
    await nextTurn();
    stream.write('boundary ');
    stream.end('end');
    await new Promise((resolve) => stream.once('end', resolve));
    expect(seen).toEqual(['shell ', 'boundary end']);
  });

  it('drops what it held when destroyed', async () => {
    const stream = coalescingPassThrough();
    const seen = collect(stream);
    const failed = new Promise((resolve) => stream.once('error', resolve));
    stream.write('half a page');
    stream.destroy(new Error('render aborted'));
    expect(await failed).toEqual(new Error('render aborted'));
    await nextTurn();
    expect(seen).toEqual([]);
    expect(stream.destroyed).toBe(true);
  });
});
