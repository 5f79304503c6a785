// Loader/action helpers over the in-process API client.
import { data, redirect, type AppLoadContext } from 'react-router';
import type { ExecuteOptions, Operation } from '../../common/graphql-operation';
import { ViewerQuery, type Viewer } from '../graphql/viewer';

/**
 * Runs an operation and returns its data; an unexpected API failure becomes a 500 response,
 * which the error boundary shows as the rulebook's network-error page.
 */
export async function query<TData, TVariables>(
  context: Pick<AppLoadContext, 'api'>,
  op: Operation<TData, TVariables>,
  variables?: TVariables,
  options?: ExecuteOptions,
): Promise<TData> {
  const execute = context.api.execute as (
    o: Operation<TData, TVariables>,
    v?: TVariables,
    opts?: ExecuteOptions,
  ) => ReturnType<AppLoadContext['api']['execute']>;
  const result = await execute(op, variables, options);
  if (result.errors?.length || !result.data) {
    throw data(
      { message: result.errors?.[0]?.message, requestId: result.errors?.[0]?.extensions?.requestId },
      { status: 500 },
    );
  }
  return result.data as TData;
}

export async function getViewer(context: Pick<AppLoadContext, 'api'>): Promise<Viewer | null> {
  return (await query(context, ViewerQuery)).me;
}

/** For protected routes: the signed-in user, or a redirect to / (docs/product/content.md#routes). */
export async function requireViewer(context: Pick<AppLoadContext, 'api'>): Promise<Viewer> {
  const viewer = await getViewer(context);
  if (!viewer) throw redirect('/');
  return viewer;
}

export function notFound(): never {
  throw data(null, { status: 404 });
}
