// Ids in arguments: a Relay global ID ('Product:12' in base64) or, for links and tools, a bare number.
import { rowIdOf } from '../../graphql/node-key';

/** The numeric id behind `value`, or null when it is not an id of `typename`. */
export function parseId(value: string | number, typename: string): number | null {
  return rowIdOf(value, typename, { bareNumbers: true });
}

export function parseIds(values: readonly (string | number)[] | null | undefined, typename: string): number[] {
  return (values ?? []).map((v) => parseId(v, typename)).filter((id): id is number => id != null);
}
