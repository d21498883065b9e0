// The topic page's current page number (docs/pages.md, "Topic listing"): kept in
// browser local storage under 'currentPage' and restored on load; a change of
// page, limit, category or sub-category reloads.
//
// The prerendered HTML is page 1 and so is the first client render (no
// hydration mismatch); the stored number is read in an effect, after
// hydration. It is restored by the first topic page a document shows, and
// whenever the app shows again the listing the number was stored for (Back
// from an article or an author page), while a move to another category or
// sub-category inside the app starts again at page 1 (and stores 1).
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
 * [page, setPage] for the listing identified by `listingKey` (category and sub-category).
 * `routePage` is the page the route was rendered for: on a later page's own route
 * ({listing}/page/{n}, docs/decisions/0105-listing-page-routes.md) the address names the page, so that page is
 * the first render's, is stored as the current page, and nothing is restored over it.
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
