// `npm start`: builds the storefront and the server bundle when their sources are newer than
// the build, then serves the bundle (dist/main.js: plain JavaScript, no TypeScript loader) with
// the server's heap limits (server-node.mjs), restarting it when it dies (supervise.mjs). `npm
// run serve` is the same without the build check (`--no-build`: a replica runs what the release
// step built). `--no-restart` leaves restarts to a service manager or orchestrator that counts
// them (docs/operations/restarts.md): a crash is still told in one line, and is the exit code.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serverNodeArgs } from './server-node.mjs';
import { RESTART_POLICY, runSupervised } from './supervise.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'build/server/index.js');
const serverBundle = path.join(root, 'dist/main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

if (!process.argv.includes('--no-build')) buildWhenStale();

/** Rebuilds the storefront and the server bundle when a source is newer than its build. */
function buildWhenStale() {
  const sources = ['app', 'common', 'public'].map((d) => path.join(root, d)).filter(existsSync);
  const configFiles = ['vite.config.ts', 'react-router.config.ts', 'package-lock.json'].map((f) => path.join(root, f));
  const sourceTime = Math.max(...sources.map(newestMtime), ...configFiles.filter(existsSync).map((f) => statSync(f).mtimeMs));
  if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
    console.log('Building the storefront…');
    const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
    // The assets' .br and .gz copies, as `npm run build` writes them.
    const compressed = spawnSync(process.execPath, [path.join(root, 'scripts/precompress-assets.mjs')], { cwd: root, stdio: 'inherit' });
    if (compressed.status !== 0) process.exit(compressed.status ?? 1);
  }
  const serverSourceTime = Math.max(
    ...['server', 'common'].map((d) => path.join(root, d)).filter(existsSync).map(newestMtime),
    ...configFiles.filter(existsSync).map((f) => statSync(f).mtimeMs),
  );
  if (!existsSync(serverBundle) || statSync(serverBundle).mtimeMs < serverSourceTime) {
    const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

runSupervised({
  args: serverNodeArgs(serverBundle),
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
  policy: process.argv.includes('--no-restart') ? { ...RESTART_POLICY, maxRapidCrashes: 0 } : RESTART_POLICY,
});
