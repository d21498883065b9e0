// The pages' three pagination windows, pure functions of (current, total) giving ascending numbers
// ([] for no pages). The current page is clamped first, so a stale stored number still works.

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

/** Topic listing: the current page and two each side, cut at the ends, never shifted (1 of 12: 1 2 3). */
export function topicWindow(current: number, total: number, size = WINDOW_SIZE): number[] {
  const ct = clampInputs(current, total);
  if (!ct) return [];
  const [c, t] = ct;
  const half = Math.floor(size / 2);
  return range(Math.max(1, c - half), Math.min(t, c + half));
}

/** Author page: 5 numbers whenever there are 5 pages, shifted at either end (11 of 12: 8..12). */
export function authorWindow(current: number, total: number, size = WINDOW_SIZE): number[] {
  const ct = clampInputs(current, total);
  if (!ct) return [];
  const [c, t] = ct;
  const half = Math.floor(size / 2);
  const start = Math.max(1, Math.min(c - half, t - size + 1));
  return range(start, Math.min(t, start + size - 1));
}

/** Search results: from two before the current page, for 5, cut at the last (10 of 10: 8 9 10). */
export function searchWindow(current: number, total: number, size = WINDOW_SIZE): number[] {
  const ct = clampInputs(current, total);
  if (!ct) return [];
  const [c, t] = ct;
  const start = Math.max(1, c - Math.floor(size / 2));
  return range(start, Math.min(t, start + size - 1));
}
