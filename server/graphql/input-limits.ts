// Bounds every string and list the API accepts, checked before any resolver runs
// (docs/decisions/010-input-limits.md). A 1 MB search word once held the whole server for 20 s:
// no input may be bigger than the work it is meant for.
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInputObjectType,
  isListType,
  isScalarType,
  TypeInfo,
  valueFromAST,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { CANCEL_NOTE_MAX_LENGTH, REVIEW_NOTE_MAX_LENGTH, SEARCH_MAX_LENGTH } from '../../common/validation/limits';

/** Characters any string argument or input field may have unless named below. */
export const DEFAULT_MAX_STRING_LENGTH = 255;
/** Items any list argument or input field may have unless named below. */
export const DEFAULT_MAX_LIST_LENGTH = 100;

/**
 * Longer (or shorter) bounds, by argument or input-field name; a `Type.field.argument` or
 * `InputType.field` key wins over the bare name. Every bound is well above what a real
 * shopper types and far below what costs the server.
 */
export const STRING_LIMITS: Record<string, number> = {
  // Free-text search: the shop's longest product names are under 100 characters.
  query: SEARCH_MAX_LENGTH,
  search: SEARCH_MAX_LENGTH,
  // Order cancel note (docs/product/limits.md#input-limits: up to 500 characters); review notes are longer.
  note: REVIEW_NOTE_MAX_LENGTH,
  'Mutation.requestOrderCancel.note': CANCEL_NOTE_MAX_LENGTH,
  // Opaque tokens from other parties: JWTs, Facebook access tokens, payment tokens.
  token: 2048,
  accessToken: 4096,
  paymentToken: 2048,
  redirectUrl: 2048,
  // A browser push subscription (endpoint URL and keys) as JSON.
  registrationId: 4096,
  // A 5,000,000-byte picture, base64-encoded, with its data-URL prefix.
  base64Str: 6_700_000,
  // The deposit slip of proofOfBillingUpload: the same 5,000,000-byte image limit.
  'ProofOfBillingInput.image': 6_700_000,
  // A product picture (productMediaCreate): the same 5,000,000-byte image limit.
  'ProductMediaCreateInput.image': 6_700_000,
  // Staff-edited rich text (content pages, product descriptions).
  description: 100_000,
  content: 200_000,
  body: 200_000,
  descriptionJson: 200_000,
  // Passwords: long passphrases are welcome; scrypt of megabytes is not.
  password: 128,
  newPassword: 128,
  oldPassword: 128,
  confirmPassword: 128,
  // RFC 5321 caps an address at 254.
  email: 254,
  // Names, address lines and codes.
  firstName: 100,
  middleName: 100,
  lastName: 100,
  companyName: 150,
  streetAddress1: 200,
  streetAddress2: 200,
  city: 100,
  cityArea: 100,
  countryArea: 100,
  postalCode: 10,
  phone: 20,
  slug: 200,
  alt: 255,
};

/**
 * The largest magnitude a Float input may have: prices (pesos), weights (kg), rates and fees
 * are all far below a billion; 1e308 once overflowed a centavos column into the internal error.
 */
export const MAX_FLOAT_MAGNITUDE = 1_000_000_000;

/** What was wrong, and the bound it broke (maxLength, maxItems or maxMagnitude). */
export type InputProblem = { field: string; message: string; bound: Record<string, number> };

type Limits = { strings: Record<string, number>; defaultString: number; defaultList: number };

const DEFAULT_LIMITS: Limits = {
  strings: STRING_LIMITS,
  defaultString: DEFAULT_MAX_STRING_LENGTH,
  defaultList: DEFAULT_MAX_LIST_LENGTH,
};

function stringLimit(limits: Limits, qualified: string, name: string): number {
  return limits.strings[qualified] ?? limits.strings[name] ?? limits.defaultString;
}

/**
 * The first argument or input field of the operation that is too long or holds a NUL
 * character (PostgreSQL text cannot store one), or null. Variables are read raw: only
 * lengths are checked here; their types are coerced later by graphql-js.
 */
export function findInputProblem(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  limits: Limits = DEFAULT_LIMITS,
): InputProblem | null {
  let problem: InputProblem | null = null;

  const check = (value: unknown, type: GraphQLInputType, qualified: string, name: string): void => {
    if (problem || value === null || value === undefined) return;
    const nullable = getNullableType(type);
    if (isListType(nullable)) {
      const items = Array.isArray(value) ? value : [value];
      if (items.length > limits.defaultList) {
        problem = {
          field: name,
          bound: { maxItems: limits.defaultList },
          message: `${name} can have at most ${limits.defaultList} items.`,
        };
        return;
      }
      for (const item of items) check(item, nullable.ofType as GraphQLInputType, qualified, name);
      return;
    }
    if (isInputObjectType(nullable)) {
      if (typeof value !== 'object') return;
      for (const field of Object.values(nullable.getFields())) {
        check((value as Record<string, unknown>)[field.name], field.type, `${nullable.name}.${field.name}`, field.name);
      }
      return;
    }
    if (typeof value === 'number' && getNamedType(nullable).name === 'Float') {
      if (!Number.isFinite(value) || Math.abs(value) > MAX_FLOAT_MAGNITUDE) {
        problem = {
          field: name,
          bound: { maxMagnitude: MAX_FLOAT_MAGNITUDE },
          message: `${name} must be between -${MAX_FLOAT_MAGNITUDE.toLocaleString('en-US')} and ${MAX_FLOAT_MAGNITUDE.toLocaleString('en-US')}.`,
        };
      }
      return;
    }
    if (isScalarType(getNamedType(nullable)) && typeof value === 'string') {
      const max = stringLimit(limits, qualified, name);
      if (value.length > max) {
        problem = { field: name, bound: { maxLength: max }, message: `${name} must be at most ${max} characters.` };
      } else if (value.includes('\u0000')) {
        problem = { field: name, bound: { maxLength: max }, message: `${name} must not contain a NUL character.` };
      }
    }
  };

  for (const site of argumentSites(schema, document)) {
    // Variables come back as given; undefined when a literal does not fit its type (graphql-js
    // reports that itself).
    check(valueFromAST(site.value, site.type, variables ?? undefined), site.type, site.qualified, site.name);
    if (problem) break;
  }
  return problem;
}

/** An argument written in a document, with what the schema says of it. */
type ArgumentSite = { value: ValueNode; type: GraphQLInputType; qualified: string; name: string };

/**
 * Every argument of the document, found once per document and schema: the walk with type
 * information was 5% of a cold product page's CPU when it ran for every operation of every
 * request, and a document's arguments never change (only the variables do). Keyed by the parsed
 * document, which Yoga's parser cache and the in-process queries keep one of per text.
 */
const sitesByDocument = new WeakMap<DocumentNode, { schema: GraphQLSchema; sites: ArgumentSite[] }>();

function argumentSites(schema: GraphQLSchema, document: DocumentNode): ArgumentSite[] {
  const known = sitesByDocument.get(document);
  if (known && known.schema === schema) return known.sites;
  const sites: ArgumentSite[] = [];
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Argument(node) {
        const argument = typeInfo.getArgument();
        if (!argument) return;
        const parentType = typeInfo.getParentType();
        const field = typeInfo.getFieldDef();
        sites.push({ value: node.value, type: argument.type, qualified: `${parentType?.name}.${field?.name}.${argument.name}`, name: argument.name });
      },
    }),
  );
  sitesByDocument.set(document, { schema, sites });
  return sites;
}

/** The Yoga plugin: refuses an over-long input (or an out-of-range number) with a field error before execution. */
export function useInputLimits(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const problem = findInputProblem(args.schema, args.document, args.variableValues as Record<string, unknown>);
      if (!problem) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(problem.message, {
            extensions: { code: 'BAD_USER_INPUT', field: problem.field, ...problem.bound },
          }),
        ],
      });
    },
  };
}
