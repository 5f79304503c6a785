// A span per GraphQL operation, around its execution, so that the resolvers' SQL spans nest under
// it. Only @opentelemetry/api (no SDK): without a tracer provider its calls do nothing, and the
// shop adds the plugin only while tracing (tracing-state.ts).
import { SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import type { ExecutionResult, OperationDefinitionNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';

const tracer = () => trace.getTracer('suki-graphql');

type Operation = { type: string; name: string | undefined };

/** Runs `work` as the active span 'graphql.<type> <name>', ended when it settles. */
export async function inGraphQLSpan<T>(operation: Operation, work: () => Promise<T> | T, errorsOf: (result: T) => readonly unknown[] | undefined = () => undefined): Promise<T> {
  const name = operation.name ? `${operation.type} ${operation.name}` : operation.type;
  return tracer().startActiveSpan(`graphql.${name}`, async (span: Span) => {
    span.setAttribute('graphql.operation.type', operation.type);
    if (operation.name) span.setAttribute('graphql.operation.name', operation.name);
    try {
      const result = await work();
      const errors = errorsOf(result);
      if (errors?.length) span.setStatus({ code: SpanStatusCode.ERROR, message: `${errors.length} GraphQL error(s)` });
      return result;
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      throw error;
    } finally {
      span.end();
    }
  });
}

function operationOf(document: { definitions: readonly { kind: string }[] }, operationName: string | null | undefined): Operation {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
  const chosen = operationName ? operations.find((o) => o.name?.value === operationName) : operations[0];
  return { type: chosen?.operation ?? 'query', name: chosen?.name?.value ?? operationName ?? undefined };
}

/** Yoga plugin: wraps each execution of /graphql in an operation span. */
export function useGraphQLSpans(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      const operation = operationOf(args.document, args.operationName);
      setExecuteFn((executeArgs) =>
        inGraphQLSpan(operation, () => executeFn(executeArgs) as Promise<ExecutionResult>, (result) => ('errors' in result ? result.errors : undefined)),
      );
    },
  };
}

/** The operation a source text names, for in-process queries that never reach Yoga's plugins. */
export function operationOfSource(source: string, operationName: string | undefined): Operation {
  const match = /\b(query|mutation|subscription)\s+([_A-Za-z][_0-9A-Za-z]*)?/.exec(source);
  return { type: match?.[1] ?? 'query', name: operationName ?? match?.[2] };
}
