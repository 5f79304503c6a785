// The installment widgets' factor table in the browser: undefined while loading (the server
// render and the first client render agree), the table once known, null if none is available.
import { useEffect, useState } from 'react';
import type { InstallmentFactor } from '../../../common/catalogue/installment-factors';
import { fetchFactorTable, loadInstallmentFactors } from './installment-factor-cache';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage blocked by the browser's settings: fetch every time.
    return null;
  }
}

// Several widgets on one page (product page, checkout) share one load.
let pending: Promise<InstallmentFactor[] | null> | null = null;

export function useInstallmentFactors(): InstallmentFactor[] | null | undefined {
  const [factors, setFactors] = useState<InstallmentFactor[] | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    pending ??= loadInstallmentFactors({ storage: browserStorage(), fetchTable: () => fetchFactorTable(), now: Date.now }).finally(() => {
      pending = null;
    });
    void pending.then((table) => {
      if (live) setFactors(table);
    });
    return () => {
      live = false;
    };
  }, []);
  return factors;
}
