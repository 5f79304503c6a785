import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The browser build puts React, React DOM and React Router (and the small packages they pull in)
// in one chunk: every page loads all of them on its first visit anyway, and as one file they
// are two requests fewer and compress 2 KB smaller than split (bench/README.md change 132).
const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/;

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: isSsrBuild ? {} : { rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK, priority: 10 }] } } } },
}));
