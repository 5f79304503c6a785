// Compiles the server's TypeScript once, at build time, into dist/main.js, so that the
// production process loads plain JavaScript instead of a TypeScript loader (tsx) and its
// transform cache (memory and start-up). npm packages stay external: they are
// loaded from node_modules as they are, which keeps native and WASM packages (sharp, PGlite)
// working and the bundle small.
import { build } from 'esbuild';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
await build({
  // dist/telemetry.js: the tracing preload, loaded with --import only when OTEL_EXPORTER_OTLP_ENDPOINT is set (scripts/server-node.mjs).
  entryPoints: { main: path.join(root, 'server/main.ts'), telemetry: path.join(root, 'server/telemetry/preload.ts') },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
