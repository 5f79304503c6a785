// Ids in arguments: a Relay global ID ('Product:12' in base64) or, for links and tools, a bare number.
import { decodeGlobalID } from '@pothos/plugin-relay';
import { parseRowId } from '../../graphql/node-key';

/** The numeric id behind `value`, or null when it is not an id of `typename`. */
export function parseId(value: string | number, typename: string): number | null {
  const text = String(value).trim();
  if (/^\d+$/.test(text)) return parseRowId(text);
  try {
    const decoded = decodeGlobalID(text);
    return decoded.typename === typename ? parseRowId(decoded.id) : null;
  } catch {
    return null;
  }
}

export function parseIds(values: readonly (string | number)[] | null | undefined, typename: string): number[] {
  return (values ?? []).map((v) => parseId(v, typename)).filter((id): id is number => id != null);
}
