// Lets route loaders and actions run the public API's operations without an HTTP hop.
import type { ApiClient, ExecuteOptions, Operation } from '../../common/graphql-operation';
import { TOKEN_COOKIE } from './context';
import { CSRF_HEADER, REQUEST_ID_HEADER, type Api } from './yoga';

export type IncomingAuth = {
  cookie?: string;
  authorization?: string;
  requestId: string;
  /** The visitor's address, so per-IP rate limits apply to server-rendered forms too. */
  clientIp?: string;
};

export function createInProcessClient(api: Api, incoming: IncomingAuth): ApiClient {
  async function execute<TData, TVariables>(
    op: Operation<TData, TVariables>,
    variables?: TVariables,
    options: ExecuteOptions = {},
  ) {
    const headers = new Headers({
      'content-type': 'application/json',
      [CSRF_HEADER]: '1',
      [REQUEST_ID_HEADER]: incoming.requestId,
    });
    if (incoming.clientIp) headers.set('x-forwarded-for', incoming.clientIp);
    if (options.token !== undefined) {
      if (options.token) headers.set('cookie', `${TOKEN_COOKIE}=${encodeURIComponent(options.token)}`);
    } else {
      if (incoming.cookie) headers.set('cookie', incoming.cookie);
      if (incoming.authorization) headers.set('authorization', incoming.authorization);
    }
    // yoga.fetch runs the whole Yoga pipeline in this process: same plugins, same masking.
    const response = await api.fetch('http://in-process/graphql', {
      method: 'POST',
      headers,
      body: JSON.stringify({ query: op.source, operationName: op.name || undefined, variables: variables ?? {} }),
    });
    return response.json();
  }
  return { execute: execute as ApiClient['execute'] };
}
