// The back office addresses products by number (/staff/products/42); the API by global ID.

export const productGlobalId = (param: string | undefined) => (param && /^\d{1,9}$/.test(param) ? btoa(`Product:${param}`) : null);

export function productNumber(globalId: string): string {
  try {
    return atob(globalId).split(':')[1] ?? '';
  } catch {
    return '';
  }
}
