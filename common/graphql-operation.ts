// The typed operation layer shared by route loaders/actions and the server's in-process client.

/** A GraphQL document with its result and variables types attached (phantom fields). */
export type Operation<TData, TVariables> = {
  readonly source: string;
  readonly name: string;
  readonly __data?: TData;
  readonly __variables?: TVariables;
};

export type NoVariables = Record<string, never>;

/**
 * A document's operation with its TData/TVariables from app/graphql/generated.ts (ADR 026).
 * Fragments are appended as `${FRAGMENT}` text; a fragment reached along two paths (a query
 * spreading ...ProductCardFields and ...PricingFields) is appended twice, and GraphQL rejects
 * two definitions of one name, so later copies are dropped here, once per document.
 */
export function operation<TData, TVariables = NoVariables>(source: string): Operation<TData, TVariables> {
  const name = /(?:query|mutation)\s+(\w+)/.exec(source)?.[1] ?? '';
  return { source: withoutRepeatedFragments(source), name };
}

/**
 * Splits a document at its top-level definitions (a definition ends where its outermost brace
 * closes) and keeps the first definition of each fragment name. The app's documents hold no
 * string values with braces, which this brace count would misread.
 */
export function withoutRepeatedFragments(source: string): string {
  const seen = new Set<string>();
  const kept: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      const definition = source.slice(start, i + 1);
      const fragment = /^\s*fragment\s+(\w+)/.exec(definition)?.[1];
      if (!fragment || !seen.has(fragment)) kept.push(definition);
      if (fragment) seen.add(fragment);
      start = i + 1;
    }
  }
  return kept.join('') + source.slice(start);
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
    // Variables may be left out when none is required (generated no-variable types are
    // `{ [key: string]: never }`, whose keyof is string, not never).
    ...rest: Record<never, never> extends TVariables
      ? [variables?: TVariables, options?: ExecuteOptions]
      : [variables: TVariables, options?: ExecuteOptions]
  ): Promise<OperationResult<TData>>;
};
