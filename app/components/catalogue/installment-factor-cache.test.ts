import { describe, expect, it, vi } from 'vitest';
import { INSTALLMENT_FACTOR_TERMS } from '../../../common/catalogue/installment-factors';
import { FACTORS_MAX_AGE_MS, FACTORS_STORAGE_KEY, fetchFactorTable, loadInstallmentFactors, readStoredFactors } from './installment-factor-cache';

const table = (factor: number) => INSTALLMENT_FACTOR_TERMS.map((term) => ({ term, factor }));

/** A fake local storage: a map, with the calls counted. */
function fakeStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    getItem: vi.fn((key: string) => map.get(key) ?? null),
    setItem: vi.fn((key: string, value: string) => void map.set(key, value)),
  };
}

const NOW = Date.UTC(2026, 10, 23, 8);
const stored = (factor: number, fetchedAt: number) => ({ [FACTORS_STORAGE_KEY]: JSON.stringify({ factors: table(factor), updatedAt: null, fetchedAt }) });

describe('installment factor cache', () => {
  it('fetches and stores the table with its time when nothing is stored', async () => {
    const storage = fakeStorage();
    const fetchTable = vi.fn(async () => ({ factors: table(1.1), updatedAt: '2026-11-23T07:00:00.000Z' }));
    expect(await loadInstallmentFactors({ storage, fetchTable, now: () => NOW })).toEqual(table(1.1));
    expect(fetchTable).toHaveBeenCalledOnce();
    expect(JSON.parse(storage.map.get(FACTORS_STORAGE_KEY)!)).toEqual({ factors: table(1.1), updatedAt: '2026-11-23T07:00:00.000Z', fetchedAt: NOW });
  });

  it('uses a stored copy under 6 hours old without asking the API', async () => {
    const storage = fakeStorage(stored(1.2, NOW - FACTORS_MAX_AGE_MS + 1000));
    const fetchTable = vi.fn(async () => ({ factors: table(1.5), updatedAt: null }));
    expect(await loadInstallmentFactors({ storage, fetchTable, now: () => NOW })).toEqual(table(1.2));
    expect(fetchTable).not.toHaveBeenCalled();
    expect(storage.setItem).not.toHaveBeenCalled();
  });

  it('refreshes a copy 6 hours old, or from the future, and stores the new one', async () => {
    for (const fetchedAt of [NOW - FACTORS_MAX_AGE_MS, NOW + 60_000]) {
      const storage = fakeStorage(stored(1.2, fetchedAt));
      const fetchTable = vi.fn(async () => ({ factors: table(1.5), updatedAt: null }));
      expect(await loadInstallmentFactors({ storage, fetchTable, now: () => NOW })).toEqual(table(1.5));
      expect(readStoredFactors(storage)).toEqual({ factors: table(1.5), updatedAt: null, fetchedAt: NOW });
    }
  });

  it('falls back to a stale copy when the API fails, and to null without one', async () => {
    const fetchTable = vi.fn(async () => null);
    expect(await loadInstallmentFactors({ storage: fakeStorage(stored(1.2, NOW - 2 * FACTORS_MAX_AGE_MS)), fetchTable, now: () => NOW })).toEqual(table(1.2));
    expect(await loadInstallmentFactors({ storage: fakeStorage(), fetchTable, now: () => NOW })).toBeNull();
  });

  it('ignores a malformed or incomplete stored copy, and works without storage', async () => {
    const fetchTable = vi.fn(async () => ({ factors: table(1.3), updatedAt: null }));
    for (const bad of ['{not json', JSON.stringify({ factors: table(1.2).slice(1), fetchedAt: NOW }), JSON.stringify({ factors: table(1.2) })]) {
      expect(await loadInstallmentFactors({ storage: fakeStorage({ [FACTORS_STORAGE_KEY]: bad }), fetchTable, now: () => NOW })).toEqual(table(1.3));
    }
    expect(await loadInstallmentFactors({ storage: null, fetchTable, now: () => NOW })).toEqual(table(1.3));
    const full = fakeStorage();
    full.setItem.mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    expect(await loadInstallmentFactors({ storage: full, fetchTable, now: () => NOW })).toEqual(table(1.3));
  });

  it('asks /graphql with a POST of the typed operation, without cookies', async () => {
    const fetchImpl = vi.fn(async () => Response.json({ data: { installmentFactors: { factors: table(1), updatedAt: null } } }));
    expect(await fetchFactorTable(fetchImpl as unknown as typeof fetch)).toEqual({ factors: table(1), updatedAt: null });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init).toMatchObject({ method: 'POST', credentials: 'omit', headers: { 'x-suki-csrf': '1' } });
    expect(JSON.parse(String(init.body))).toMatchObject({ operationName: 'InstallmentFactors' });
    const failing = vi.fn(async () => new Response('nope', { status: 500 }));
    expect(await fetchFactorTable(failing as unknown as typeof fetch)).toBeNull();
  });
});
