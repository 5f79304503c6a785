import type { ApiClient } from './graphql-operation';

/** What the server hands every route loader and action (React Router's load context). */
export type AppContext = {
  api: ApiClient;
  cspNonce: string;
  publicUrl: string;
  requestId: string;
  secureCookies: boolean;
};
