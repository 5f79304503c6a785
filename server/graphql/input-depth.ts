// Bounds how deeply a request's variables (and extensions) may nest, checked before any other
// work. Variables nested 3,000 levels deep once overflowed the stack in the
// response cache's key (stableStringify) and answered 500; every walker of request input that
// recurses (cache keys, input limits, graphql-js's coercion) is safe once the depth is bounded
// here, before them. The walk itself is iterative, so no input can overflow it.
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';

/**
 * Levels of objects and arrays a variable may nest. The schema's deepest input (a list of
 * input objects inside an input object) is 4 levels; 32 is far above any real client and far
 * below what a recursive walk costs.
 */
export const MAX_INPUT_DEPTH = 32;

/**
 * Whether `value` nests objects or arrays more than `max` levels deep. Iterative, and it stops
 * at the first container past the bound (a cycle, possible only in process, is past it too).
 */
export function nestsDeeperThan(value: unknown, max: number = MAX_INPUT_DEPTH): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: next, depth } = stack.pop()!;
    if (next === null || typeof next !== 'object') continue;
    if (depth + 1 > max) return true;
    const children = Array.isArray(next) ? next : Object.values(next as Record<string, unknown>);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth: depth + 1 });
    }
  }
  return false;
}

/** The refusal: a GraphQL error answered with HTTP 400 (Yoga reads extensions.http). */
export function inputTooDeepError(what = 'variables'): GraphQLError {
  return new GraphQLError(`Request refused: ${what} nest more than ${MAX_INPUT_DEPTH} levels deep.`, {
    extensions: { code: 'BAD_USER_INPUT', field: what, maxDepth: MAX_INPUT_DEPTH, http: { status: 400 } },
  });
}

/** The refusal for a request whose variables or extensions nest too deeply, or null. */
export function inputDepthProblem(params: { variables?: unknown; extensions?: unknown }): GraphQLError | null {
  if (nestsDeeperThan(params.variables)) return inputTooDeepError('variables');
  if (nestsDeeperThan(params.extensions)) return inputTooDeepError('extensions');
  return null;
}

/**
 * The Yoga plugin. It must come before the response cache, whose key is computed from the raw
 * variables in its own onParams hook, and it runs before the document is parsed or validated.
 */
export function useInputDepthLimit(): Plugin {
  return {
    onParams({ params }) {
      const problem = inputDepthProblem(params);
      if (problem) throw problem;
    },
  };
}
