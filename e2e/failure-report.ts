// When a journey fails, say where each of its open pages stood: the address, the dialogs open
// and the start of the visible text, with the page errors, console errors and 5xx answers seen.
// A failure on CI is then diagnosed from the log instead of guessed at.
import { afterEach } from 'vitest';
import { openContexts } from './browser';

/**
 * React Router's own state in the page (run in the browser): where it stands when the screen
 * shows something else, e.g. a navigation committed to the address but not to the screen.
 */
function routerState(): string {
  type RouterState = {
    location: { pathname: string; search: string };
    navigation: { state: string; location?: { pathname: string } };
    revalidation: string;
    matches: { route: { id: string } }[];
    loaderData: Record<string, unknown>;
    errors: Record<string, unknown> | null;
    fetchers: Map<string, { state: string }>;
  };
  const router = (window as unknown as { __reactRouterDataRouter?: { state: RouterState } }).__reactRouterDataRouter;
  if (!router) return '(no router)';
  const s = router.state;
  return JSON.stringify({
    location: s.location.pathname + s.location.search,
    navigation: `${s.navigation.state} ${s.navigation.location?.pathname ?? ''}`,
    revalidation: s.revalidation,
    matches: s.matches.map((m) => m.route.id),
    loaderData: Object.keys(s.loaderData),
    errors: s.errors ? Object.keys(s.errors) : null,
    fetchers: [...s.fetchers].map(([key, f]) => `${key}: ${f.state}`),
    mainChildren: document.getElementById('main')?.childElementCount ?? null,
  });
}

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
      const router = await page.evaluate(routerState).catch((error: Error) => `(not readable: ${error.message})`);
      lines.push(`url: ${page.url()}`, `dialogs: ${state.dialogs.join(' | ') || 'none'}`, `text: ${state.text}`, `router: ${router}`);
    }
    lines.push(...problems.slice(-15));
  }
  const report = lines.join('\n');
  console.error(report);
  // Also under the error itself, so the run's closing summary (the tail a CI log keeps) shows it.
  const error = context.task.result.errors?.[0];
  if (error) error.message = `${error.message}\n${report}`;
});
