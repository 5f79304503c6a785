import type { AppContext } from '../common/app-context';

declare module 'react-router' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends AppContext {}
}
