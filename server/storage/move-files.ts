// Copies every stored file from one driver to another (npm run media:move): what an operator
// runs before switching STORAGE_DRIVER. Idempotent: a file the target already holds with the
// same bytes is skipped, so a move that stopped half-way is simply run again. The source keeps
// its files; they are removed by hand once the shop runs on the target.
import type { FileStorage } from './file-storage';

export type MoveReport = { copied: number; alreadyThere: number; bytesCopied: number };

export async function moveFiles(
  from: FileStorage,
  to: FileStorage,
  options: { concurrency?: number; onFile?: (key: string, copied: boolean) => void } = {},
): Promise<MoveReport> {
  const report: MoveReport = { copied: 0, alreadyThere: 0, bytesCopied: 0 };
  const keys = from.keys()[Symbol.asyncIterator]();
  // A few files in flight at once; the key listing is read as they go (never all in memory).
  let listing: Promise<unknown> = Promise.resolve();
  const nextKey = () => {
    const next = listing.then(() => keys.next());
    listing = next;
    return next;
  };
  const worker = async () => {
    for (let next = await nextKey(); !next.done; next = await nextKey()) {
      const key = next.value;
      const file = await from.get(key);
      if (!file) continue; // deleted since it was listed
      const there = await to.get(key);
      if (there?.bytes.equals(file.bytes)) {
        report.alreadyThere++;
        options.onFile?.(key, false);
        continue;
      }
      await to.put(key, file.bytes);
      report.copied++;
      report.bytesCopied += file.bytes.length;
      options.onFile?.(key, true);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return report;
}
