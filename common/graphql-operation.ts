// The typed operation layer shared by route loaders/actions and the server's in-process client.

/** A GraphQL document with its result and variables types attached (phantom fields). */
export type Operation<TData, TVariables> = {
  readonly source: string;
  readonly name: string;
  readonly __data?: TData;
  readonly __variables?: TVariables;
};

export type NoVariables = Record<string, never>;

export function operation<TData, TVariables = NoVariables>(source: string): Operation<TData, TVariables> {
  const name = /(?:query|mutation)\s+(\w+)/.exec(source)?.[1] ?? '';
  return { source, name };
}

export type OperationError = { message: string; extensions?: { code?: string; requestId?: string } };

export type OperationResult<TData> = { data: TData | null; errors?: OperationError[] };

export type ExecuteOptions = {
  /** Use this session token instead of the request's (right after login). */
  token?: string | null;
};

/** Runs operations against the public API with the current visitor's session. */
export type ApiClient = {
  execute<TData, TVariables>(
    op: Operation<TData, TVariables>,
    ...rest: keyof TVariables extends never
      ? [variables?: TVariables, options?: ExecuteOptions]
      : [variables: TVariables, options?: ExecuteOptions]
  ): Promise<OperationResult<TData>>;
};
