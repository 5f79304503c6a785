// Personal queries of server-rendered pages, executed in this process without Yoga's
// HTTP-shaped pipeline (docs/decisions/036-in-process-queries.md, signed-in pages).
//
// A signed-in page asks its viewer and cart (and a route's own personal questions) on every
// request. Through Yoga each was a fetch Request, headers, an abort signal, the plugin chain,
// a Response and its body: measured at about 4.4 of a signed-in home page's 13 ms. Here the
// same operation runs on the same schema, with the same context (the same session check, the
// same memo of the page's checked sessions), the same input limits and the same masking of
// unexpected errors, and answers the same JSON text Yoga would have sent.
//
// Only queries come here, and only the app's own documents: mutations keep the whole pipeline
// (rate limits, CSRF, everything a form posts through), and public queries keep the visitors'
// response cache inside Yoga. graphql-armor's limits (tokens, depth, aliases, directives, cost)
// apply here as there, with the same figures (armor.ts), but once per document rather than per
// request: a document is parsed and validated once. What Yoga's pipeline does that this does
// not, and why it is not needed for the app's own queries: CSRF and CORS (no browser request),
// introspection refusal (the app never introspects).
import { execute, GraphQLError, specifiedRules, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { LISTING_TAG, takeEntities, withEntityFields } from './answer-entities';
import { ARMOR_RULES, parseWithArmor } from './armor';
import type { GraphQLContext } from './context';
import { inputDepthProblem } from './input-depth';
import { findInputProblem } from './input-limits';

export type InProcessQuery = {
  source: string;
  operationName?: string;
  variables?: Record<string, unknown>;
  /** Builds the request's context, as Yoga's context factory does. */
  context: () => Promise<GraphQLContext>;
  /**
   * When given, receives what the answer shows ('Typename:id' of each object, and LISTING_TAG
   * for a listing: answer-entities.ts), for the caches that drop it when one product changes.
   */
  tags?: Set<string>;
};

type Prepared = { document: DocumentNode } | { errors: readonly GraphQLError[] };

/** The app has about 150 operations; the bound only guards against a caller that builds documents. */
const MAX_DOCUMENTS = 1000;

export function createInProcessQueries(schema: GraphQLSchema, mask: (result: ExecutionResult, context: GraphQLContext) => ExecutionResult) {
  const prepared = new Map<string, Prepared>();

  /** Parsed and validated once per document, as Yoga's parser and validation caches do. */
  function prepare(source: string): Prepared {
    const known = prepared.get(source);
    if (known) return known;
    let result: Prepared;
    try {
      const document = parseWithArmor(source);
      const errors = validate(schema, document, [...specifiedRules, ...ARMOR_RULES]);
      result = errors.length > 0 ? { errors } : { document };
    } catch (error) {
      result = { errors: [error instanceof GraphQLError ? error : new GraphQLError(String(error))] };
    }
    if (prepared.size >= MAX_DOCUMENTS) prepared.clear();
    prepared.set(source, result);
    return result;
  }

  /** The answer as Yoga would have given it (before serialising). */
  async function runResult(query: InProcessQuery): Promise<ExecutionResult> {
    // Before anything walks the variables (input-depth.ts).
    const tooDeep = inputDepthProblem({ variables: query.variables });
    if (tooDeep) return { errors: [tooDeep] };
    const ready = prepare(query.source);
    if ('errors' in ready) return { errors: ready.errors };
    const problem = findInputProblem(schema, ready.document, query.variables);
    if (problem) {
      const error = new GraphQLError(problem.message, { extensions: { code: 'BAD_USER_INPUT', field: problem.field, ...problem.bound } });
      return { errors: [error] };
    }
    const contextValue = await query.context();
    const tagged = query.tags ? withEntityFields(schema, ready.document) : null;
    const result = await execute({ schema, document: tagged?.document ?? ready.document, operationName: query.operationName, variableValues: query.variables, contextValue });
    if (tagged && query.tags) {
      if (tagged.listing) query.tags.add(LISTING_TAG);
      takeEntities(result.data, query.tags);
    }
    return mask(result, contextValue);
  }

  /** The answer as the JSON text Yoga would have sent. */
  async function run(query: InProcessQuery): Promise<string> {
    return JSON.stringify(await runResult(query));
  }

  return { run, runResult };
}
