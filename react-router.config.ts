import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // React Router v8's changes, each decided (a flag left unset prints a warning at every build).
  // We stay on v7 behaviour until the v8 upgrade: the storefront's load context is a plain
  // object (middleware would replace it), and the build output layout is what server/http
  // imports. Turning one on is a change of its own, with its tests.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
