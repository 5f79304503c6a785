// The browser's copy of the installment factor table (docs/product/catalogue.md#installment-calculators: "cached in local storage"):
// read from local storage while under 6 hours old, else asked of /graphql and stored again.
// Storage and fetch are passed in so the rules are tested without a browser.
import { INSTALLMENT_FACTOR_TERMS, type InstallmentFactor } from '../../../common/catalogue/installment-factors';
import type { InstallmentFactorsQuery as InstallmentFactorsAnswer } from '../../graphql/generated';
import { InstallmentFactorsQuery, type InstallmentFactorTableData } from '../../graphql/installments';

export const FACTORS_STORAGE_KEY = 'suki.installmentFactors';
export const FACTORS_MAX_AGE_MS = 6 * 60 * 60 * 1000;
/** Header the API's CSRF prevention accepts from the shop's own pages (server/graphql/yoga.ts). */
const CSRF_HEADER = 'x-suki-csrf';

export type StoredFactors = InstallmentFactorTableData & { fetchedAt: number };
type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** A usable table: the 12 terms with positive finite factors (anything else was tampered with or is old). */
function isTable(factors: unknown): factors is InstallmentFactor[] {
  return (
    Array.isArray(factors) &&
    INSTALLMENT_FACTOR_TERMS.every((term) =>
      factors.some((f: unknown) => {
        const row = f as Partial<InstallmentFactor> | null;
        return row?.term === term && typeof row.factor === 'number' && Number.isFinite(row.factor) && row.factor > 0;
      }),
    )
  );
}

/** The stored copy whatever its age; null when absent, unreadable or malformed. */
export function readStoredFactors(storage: KeyValueStorage | null): StoredFactors | null {
  try {
    const stored = JSON.parse(storage?.getItem(FACTORS_STORAGE_KEY) ?? 'null') as Partial<StoredFactors> | null;
    if (!stored || typeof stored.fetchedAt !== 'number' || !isTable(stored.factors)) return null;
    return { factors: stored.factors, updatedAt: stored.updatedAt ?? null, fetchedAt: stored.fetchedAt };
  } catch {
    return null;
  }
}

export function isFresh(stored: StoredFactors, now: number): boolean {
  // A copy from the future (a clock put back) is not trusted either.
  return stored.fetchedAt <= now && now - stored.fetchedAt < FACTORS_MAX_AGE_MS;
}

/** POSTs the typed operation to the API without cookies: the answer is the same for everyone and cached. */
export async function fetchFactorTable(fetchImpl: typeof fetch = fetch): Promise<InstallmentFactorTableData | null> {
  try {
    const response = await fetchImpl('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CSRF_HEADER]: '1' },
      body: JSON.stringify({ query: InstallmentFactorsQuery.source, operationName: InstallmentFactorsQuery.name }),
      credentials: 'omit',
    });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: InstallmentFactorsAnswer | null };
    const table = body.data?.installmentFactors;
    return table && isTable(table.factors) ? { factors: table.factors, updatedAt: table.updatedAt ?? null } : null;
  } catch {
    return null;
  }
}

export type FactorSources = {
  storage: KeyValueStorage | null;
  fetchTable: () => Promise<InstallmentFactorTableData | null>;
  now: () => number;
};

/**
 * The table to calculate with: a fresh stored copy; else a new answer, stored with its time;
 * else (offline, API down) the stale copy; null when there is none at all.
 */
export async function loadInstallmentFactors({ storage, fetchTable, now }: FactorSources): Promise<InstallmentFactor[] | null> {
  const stored = readStoredFactors(storage);
  if (stored && isFresh(stored, now())) return stored.factors;
  const table = await fetchTable();
  if (!table) return stored?.factors ?? null;
  try {
    storage?.setItem(FACTORS_STORAGE_KEY, JSON.stringify({ ...table, fetchedAt: now() } satisfies StoredFactors));
  } catch {
    // Storage full or refused (private mode): the table still serves this page.
  }
  return table.factors;
}
