// graphql-armor's limits on a document's shape, in one place: Yoga's plugin applies them to every
// request at /graphql, and the in-process queries (in-process-query.ts, ADR 036) apply the same
// rules once per document, so a document the app itself sends cannot pass in a page's loader
// and be refused from a browser.
import type { EnvelopArmorPlugin } from '@escape.tech/graphql-armor';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { maxDirectivesRule } from '@escape.tech/graphql-armor-max-directives';
import { MaxTokensParserWLexer } from '@escape.tech/graphql-armor-max-tokens';
import { GraphQLError, type DocumentNode, type ValidationRule } from 'graphql';

/** The most a query may cost (graphql-armor's estimate: objects times page sizes and depth). */
export const MAX_QUERY_COST = 50_000;

/** A refusal naming the cost limit and the query's cost, from armor's "... found N." text. */
export function costRefusal(armorError: GraphQLError): GraphQLError {
  const cost = Number(/found (\d+)/.exec(armorError.message)?.[1] ?? Number.NaN);
  const costText = Number.isNaN(cost) ? 'more' : cost.toLocaleString('en-US');
  return new GraphQLError(
    `Query refused: it costs ${costText}, over the limit of ${MAX_QUERY_COST.toLocaleString('en-US')}. Ask for fewer items or fields.`,
    { extensions: { code: 'QUERY_COST_LIMIT', limit: MAX_QUERY_COST, ...(Number.isNaN(cost) ? {} : { cost }) } },
  );
}

type ArmorConfig = NonNullable<Parameters<typeof EnvelopArmorPlugin>[0]>;

/** The shape limits (everything of armor's configuration but what depends on the deployment). */
export const ARMOR_LIMITS = {
  // A fragment is measured as if inlined: the app's documents spread shared fragments
  // (ADR 026), and a spread must not count as extra depth or cost the inlined fields lack.
  maxDepth: { n: 12, flattenFragments: true },
  maxAliases: { n: 15 },
  // Depth multiplies cost; the storefront's deepest page (category products with pricing)
  // costs about 11k, so 50k leaves room while depth and alias limits bound the shape.
  costLimit: {
    maxCost: MAX_QUERY_COST,
    flattenFragments: true,
    // Armor words its refusal as a "Syntax Error"; report it as what it is instead.
    propagateOnRejection: false,
    onReject: [(validation, error) => validation?.reportError(costRefusal(error))],
  },
  maxTokens: { n: 2000 },
  // Armor's default, spelt out so that both paths use the same figure.
  maxDirectives: { n: 50 },
} satisfies ArmorConfig;

/** The document parsed with armor's token limit, as Yoga's parser does with the plugin. */
export function parseWithArmor(source: string): DocumentNode {
  return new MaxTokensParserWLexer(source, ARMOR_LIMITS.maxTokens).parseDocument();
}

/** Armor's validation rules with the same limits as Yoga's plugin. */
export const ARMOR_RULES: readonly ValidationRule[] = [
  maxDepthRule(ARMOR_LIMITS.maxDepth),
  maxAliasesRule(ARMOR_LIMITS.maxAliases),
  maxDirectivesRule(ARMOR_LIMITS.maxDirectives),
  costLimitRule(ARMOR_LIMITS.costLimit),
];
