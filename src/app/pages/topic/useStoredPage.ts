// The topic page's current page number, kept in localStorage 'currentPage' (docs/pages.md, "Topic
// listing"). The HTML and first client render are page 1; the stored number is read after hydration,
// by the first topic page a document shows and on returning to its listing; another listing starts
// at page 1.
import { useCallback, useEffect, useRef, useState } from 'react';

export const STORAGE_KEY = 'currentPage';

let restoredThisDocument = false;
/** The listing whose page this document stored or restored last (the stored number names no listing). */
let storedFor: string | null = null;

/** For tests: forget that this document already restored its page. */
export function resetRestoreFlag(): void {
  restoredThisDocument = false;
  storedFor = null;
}

export function readStoredPage(): number | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const n = raw === null ? NaN : Number.parseInt(raw, 10);
    return Number.isInteger(n) && n >= 1 ? n : null;
  } catch {
    return null; // storage disabled (privacy mode): page 1
  }
}

export function writeStoredPage(n: number): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, String(n));
  } catch {
    // storage disabled: the page still works, it just is not remembered
  }
}

/**
 * [page, setPage] for the listing `listingKey`. On a later page's own route (`routePage`) the address
 * names the page: it is the first render's, is stored, and nothing is restored over it.
 */
export function useStoredPage(listingKey: string, routePage = 1): [number, (n: number) => void] {
  const [page, setPageState] = useState(routePage);
  const seenKey = useRef<string | null>(null);
  useEffect(() => {
    const seen = `${listingKey}\0${routePage}`;
    if (seenKey.current === seen) return;
    if (routePage > 1) {
      restoredThisDocument = true;
      setPageState(routePage);
      writeStoredPage(routePage);
    } else if (seenKey.current === null && (!restoredThisDocument || storedFor === listingKey)) {
      restoredThisDocument = true;
      const stored = readStoredPage();
      if (stored !== null && stored > 1) setPageState(stored);
    } else {
      setPageState(1);
      writeStoredPage(1);
    }
    seenKey.current = seen;
    storedFor = listingKey;
  }, [listingKey, routePage]);
  const setPage = useCallback(
    (n: number) => {
      setPageState(n);
      writeStoredPage(n);
      storedFor = listingKey;
    },
    [listingKey],
  );
  return [page, setPage];
}
