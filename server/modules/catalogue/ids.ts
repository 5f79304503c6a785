// Ids in arguments: a Relay global ID ('Product:12' in base64) or, for links and tools, a bare number.
import { decodeGlobalID } from '@pothos/plugin-relay';

/** The numeric id behind `value`, or null when it is not an id of `typename`. */
export function parseId(value: string | number, typename: string): number | null {
  const text = String(value).trim();
  if (/^\d{1,10}$/.test(text)) return Number(text);
  try {
    const decoded = decodeGlobalID(text);
    if (decoded.typename !== typename || !/^\d{1,10}$/.test(decoded.id)) return null;
    return Number(decoded.id);
  } catch {
    return null;
  }
}

export function parseIds(values: readonly (string | number)[] | null | undefined, typename: string): number[] {
  return (values ?? []).map((v) => parseId(v, typename)).filter((id): id is number => id != null);
}
