// "Did you mean" for configuration keys and enum values: the closest known name by optimal string
// alignment distance, so a swapped pair of letters counts as one edit. Names are compared
// lower-cased and a pure case mismatch always wins (JSON keys are case-sensitive, people are not).

/** Edit distance with adjacent transpositions counted as one edit. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

/** The closest known name within a third of the input's length in edits (1 to 3), else undefined. */
export function closest(input: string, known: readonly string[]): string | undefined {
  const lower = input.toLowerCase();
  const exactCase = known.find((k) => k.toLowerCase() === lower);
  if (exactCase !== undefined) return exactCase;
  const limit = Math.min(3, Math.max(1, Math.floor(input.length / 3)));
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    const d = editDistance(lower, name.toLowerCase());
    if (d <= limit && (best === undefined || d < best.d)) best = { name, d };
  }
  return best?.name;
}
