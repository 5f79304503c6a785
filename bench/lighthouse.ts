// Scenario 6 of `npm run bench`: Lighthouse's mobile profile (its default: a mid-range phone
// on a slow 4G link, simulated) with Debian's Chromium on the storefront's landing pages: the
// four category scores, LCP, TBT, CLS, the JavaScript the page loads (bytes on the wire,
// gzipped by the shop), and the audits that cost a score points.
// Alone: `npx tsx bench/lighthouse.ts http://127.0.0.1:3000 /product/UHJvZHVjdDox`
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The e2e suite's Chromium flags (e2e/browser.ts). */
const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

export type LighthouseRow = {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  /** Audits below full marks in accessibility, best practices and SEO, by id. */
  failing: string[];
};

type Audit = { score: number | null; numericValue?: number; scoreDisplayMode?: string; details?: { items?: { resourceType?: string; transferSize?: number }[] } };

/** `onReport` receives each page's whole report (bench/lighthouse-runs.ts keeps them for their traces). */
export async function runLighthouse(base: string, paths: string[], onReport?: (row: LighthouseRow, lhr: unknown) => void): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', chromeFlags: CHROMIUM_FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    for (const path of paths) {
      const measure = async () => {
        const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        return result.lhr;
      };
      let lhr = await measure();
      // NO_NAVSTART is Lighthouse failing to record its own trace ("Please run Lighthouse
      // again"), about one page load in fifteen here; its zeros are not the page's. Measured
      // once more, and said.
      if (lhr.runtimeError?.code === 'NO_NAVSTART') {
        console.warn(`Lighthouse on ${path}: NO_NAVSTART (its trace was not recorded); measured again`);
        lhr = await measure();
      }
      // A page Lighthouse could not measure (NO_FCP, an unreachable page...) scores 0: say why.
      if (lhr.runtimeError) console.warn(`Lighthouse on ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      const audit = (id: string) => lhr.audits[id] as Audit | undefined;
      const scripts = (audit('network-requests')?.details?.items ?? []).filter((item) => item.resourceType === 'Script');
      const failing = CATEGORIES.filter((c) => c !== 'performance').flatMap((category) =>
        (lhr.categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audit(ref.id)?.score ?? 1) < 1)
          .map((ref) => `${category}:${ref.id}`),
      );
      rows.push({
        path,
        scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as LighthouseRow['scores'],
        lcpMs: Math.round(audit('largest-contentful-paint')?.numericValue ?? 0),
        tbtMs: Math.round(audit('total-blocking-time')?.numericValue ?? 0),
        cls: Number((audit('cumulative-layout-shift')?.numericValue ?? 0).toFixed(3)),
        jsKb: Math.round(scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0) / 1024),
        failing,
      });
      onReport?.(rows.at(-1)!, lhr);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

export function lighthouseTable(rows: LighthouseRow[]): string[] {
  return [
    '| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | JS KB (gzipped) | audits below full marks |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.path} | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.jsKb} | ${r.failing.join(', ') || 'none'} |`,
    ),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [base = 'http://127.0.0.1:3000', ...paths] = process.argv.slice(2);
  console.log(lighthouseTable(await runLighthouse(base, paths.length ? paths : ['/', '/shop'])).join('\n'));
}
