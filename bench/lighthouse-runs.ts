// Lighthouse several times per page, one page after another, and the median of each figure:
// Lighthouse's simulated throttling still varies with the machine's load, so one run per page
// says little on a shared machine. Each run's report is written to `--out` for its traces.
// `npx tsx bench/lighthouse-runs.ts http://127.0.0.1:3000 --runs 3 --out /tmp/lh / /shop /product/UHJvZHVjdDox`
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { lighthouseTable, runLighthouse, type LighthouseRow } from './lighthouse';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, out: { type: 'string' } },
});
const [base = 'http://127.0.0.1:3000', ...paths] = positionals;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : Math.round(((sorted[middle - 1]! + sorted[middle]!) / 2) * 1000) / 1000;
}

const runs: LighthouseRow[][] = [];
for (let run = 0; run < Number(options.runs); run += 1) {
  const rows = await runLighthouse(base, paths.length ? paths : ['/', '/shop'], options.out ? (row, lhr) => {
    mkdirSync(options.out!, { recursive: true });
    writeFileSync(path.join(options.out!, `${row.path.replace(/\W+/g, '_')}-${run}.json`), JSON.stringify(lhr));
  } : undefined);
  console.log(`run ${run + 1}: ${rows.map((r) => `${r.path} ${r.scores.performance} (LCP ${r.lcpMs}, TBT ${r.tbtMs})`).join('; ')}`);
  runs.push(rows);
}
const medians: LighthouseRow[] = runs[0]!.map((first, index) => {
  const of = (pick: (row: LighthouseRow) => number) => median(runs.map((rows) => pick(rows[index]!)));
  return {
    path: first.path,
    scores: {
      performance: of((r) => r.scores.performance),
      accessibility: of((r) => r.scores.accessibility),
      'best-practices': of((r) => r.scores['best-practices']),
      seo: of((r) => r.scores.seo),
    },
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    jsKb: of((r) => r.jsKb),
    failing: [...new Set(runs.flatMap((rows) => rows[index]!.failing))],
  };
});
console.log(`\nMedians of ${runs.length} runs:\n${lighthouseTable(medians).join('\n')}`);
