// When a journey fails, say where each of its open pages stood: the address, the dialogs open
// and the start of the visible text, with the page errors, console errors and 5xx answers seen.
// A failure on CI is then diagnosed from the log instead of guessed at.
import { afterEach } from 'vitest';
import { openContexts } from './browser';

afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  const lines: string[] = [`--- pages of the failed test "${context.task.name}" ---`];
  for (const [browserContext, problems] of openContexts) {
    for (const page of browserContext.pages()) {
      const state = await page
        .evaluate(() => ({
          dialogs: [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map((d) => {
            const labelId = d.getAttribute('aria-labelledby');
            const label = (labelId && document.getElementById(labelId)?.textContent) || d.getAttribute('aria-label') || '(no name)';
            return `${label}${d.closest('[aria-hidden="true"]') ? ' (aria-hidden)' : ''}`;
          }),
          text: document.body?.innerText.replace(/\s+/g, ' ').slice(0, 600) ?? '',
        }))
        .catch((error: Error) => ({ dialogs: [], text: `(not readable: ${error.message})` }));
      lines.push(`url: ${page.url()}`, `dialogs: ${state.dialogs.join(' | ') || 'none'}`, `text: ${state.text}`);
    }
    lines.push(...problems.slice(-15));
  }
  const report = lines.join('\n');
  console.error(report);
  // Also under the error itself, so the run's closing summary (the tail a CI log keeps) shows it.
  const error = context.task.result.errors?.[0];
  if (error) error.message = `${error.message}\n${report}`;
});
