import { Transform, type TransformCallback } from 'node:stream';

/**
 * A pass-through that hands on, as one Buffer, everything written to it within one turn of the
 * event loop.
 *
 * React's server renderer writes a page in chunks of 4 KB: a 56 KB product page was 14
 * writes, each carried through the web stream React Router answers with, Express's wrapped
 * `res.write` (metrics, the page cache's recorder, compression, whose brotli stream then
 * compresses 28 small pieces) and the socket. A page whose data is ready is written in one
 * turn, so it now makes that trip once; a streamed page (a Suspense boundary resolved later)
 * still goes out as each part is ready, one turn later at most.
 */
export function coalescingPassThrough(): Transform {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let scheduled: NodeJS.Immediate | null = null;

  const release = (stream: Transform) => {
    scheduled = null;
    if (held.length === 0) return;
    const joined = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    stream.push(joined);
  };

  return new Transform({
    transform(this: Transform, chunk: Buffer | string, encoding: BufferEncoding, callback: TransformCallback) {
      const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : chunk;
      // React reuses its view buffer after a write only for chunks it copied into it; a chunk
      // handed over whole is never written to again, so holding the reference is safe.
      held.push(bytes);
      heldBytes += bytes.length;
      scheduled ??= setImmediate(release, this);
      callback();
    },
    flush(this: Transform, callback: TransformCallback) {
      if (scheduled) clearImmediate(scheduled);
      release(this);
      callback();
    },
    destroy(error, callback) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = null;
      held = [];
      callback(error);
    },
  });
}
