// `npm start`: builds the storefront when its sources are newer than the build, then serves it.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'build/server/index.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const time = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const sources = ['app', 'common', 'public'].map((d) => path.join(root, d)).filter(existsSync);
const configFiles = ['vite.config.ts', 'react-router.config.ts', 'package-lock.json'].map((f) => path.join(root, f));
const sourceTime = Math.max(...sources.map(newestMtime), ...configFiles.filter(existsSync).map((f) => statSync(f).mtimeMs));

if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Building the storefront…');
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
