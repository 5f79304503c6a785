import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { storefrontChunks } from './scripts/storefront-chunks';

// The browser build puts React, React DOM and React Router (and the small packages they pull in)
// in one chunk: every page loads all of them on its first visit anyway, and as one file they
// are two requests fewer and compress 2 KB smaller than split (bench/README.md change 132).
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;

export default defineConfig(({ isSsrBuild }) => {
  // The app's own modules: the shell every page loads, the catalogue's pages' shared code
  // (scripts/storefront-chunks.ts, bench/README.md change 159).
  const storefront = storefrontChunks((id) => FRAMEWORK.test(id));
  return {
    plugins: [tailwindcss(), reactRouter(), storefront.plugin],
    build: isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: FRAMEWORK, priority: 10 },
                  { name: storefront.shell, priority: 6 },
                  { name: storefront.catalogue, priority: 5 },
                ],
              },
            },
          },
        },
  };
});
