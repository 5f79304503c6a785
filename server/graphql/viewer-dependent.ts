// Fields of the public types whose answer depends on who asks (the shopper's watchlist mark,
// staff-only product facts). Each is marked where it is defined, with
// `extensions: { viewerDependent: true }`; a query selecting one keeps the asker's credentials,
// so a signed-in page never shows the visitors' cached answer (in-process.ts). A field that
// reads the viewer but whose visitors' answer is the right one on a page says so instead, with
// `extensions: { sharedWithVisitors: '<why>' }` (viewer-dependent.test.ts checks for one or the
// other).
import { isObjectType, type GraphQLSchema } from 'graphql';

export const VIEWER_DEPENDENT = 'viewerDependent';
export const SHARED_WITH_VISITORS = 'sharedWithVisitors';

/** The names of the fields marked viewer-dependent, on any type of the schema. */
export function viewerDependentFields(schema: GraphQLSchema): Set<string> {
  const names = new Set<string>();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.extensions?.[VIEWER_DEPENDENT] === true) names.add(field.name);
    }
  }
  return names;
}
