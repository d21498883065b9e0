// The three pagination windows of the pages, as pure functions of (current page,
// total pages). Each returns the page numbers to show, ascending; 0 pages (or a
// nonsense total) gives []. The current page is clamped into 1..total first, so
// a stale page number (e.g. restored from localStorage) still gives a window.

/** Window size everywhere: 5 (topic, author and search pages alike). */
export const WINDOW_SIZE = 5;

function clampInputs(current: number, total: number): [number, number] | null {
  const t = Number.isFinite(total) ? Math.floor(total) : 0;
  if (t < 1) return null;
  const c = Number.isFinite(current) ? Math.min(Math.max(Math.floor(current), 1), t) : 1;
  return [c, t];
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}

/**
 * Topic listing (docs/pages.md, "Topic listing"): a window of up to 5 page
 * numbers around the current page — the current page with two on each side,
 * cut at the first and last page and never shifted, so near either end the
 * window holds fewer than 5 (page 1 of 12: 1 2 3; page 12 of 12: 10 11 12).
 */
export function topicWindow(current: number, total: number, size = WINDOW_SIZE): number[] {
  const ct = clampInputs(current, total);
  if (!ct) return [];
  const [c, t] = ct;
  const half = Math.floor(size / 2);
  return range(Math.max(1, c - half), Math.min(t, c + half));
}

/**
 * Author page (docs/pages.md, "Author page"): a window of 5 shifted to
 * end at the last page — always 5 numbers when there are 5 pages or more:
 * centred on the current page, pushed forward at the start (page 1: 1..5) and
 * back at the end (last page 12, current 11: 8..12).
 */
export function authorWindow(current: number, total: number, size = WINDOW_SIZE): number[] {
  const ct = clampInputs(current, total);
  if (!ct) return [];
  const [c, t] = ct;
  const half = Math.floor(size / 2);
  const start = Math.max(1, Math.min(c - half, t - size + 1));
  return range(start, Math.min(t, start + size - 1));
}

/**
 * Search results (docs/pages.md, "Search results"): a window of 5 page numbers
 * centred on the current page — it starts two before the current page (not
 * before 1) and runs for 5, cut at the last page with no back-shift: page 1 of
 * 10 is 1..5, page 10 of 10 is 8 9 10.
 */
export function searchWindow(current: number, total: number, size = WINDOW_SIZE): number[] {
  const ct = clampInputs(current, total);
  if (!ct) return [];
  const [c, t] = ct;
  const start = Math.max(1, c - Math.floor(size / 2));
  return range(start, Math.min(t, start + size - 1));
}
