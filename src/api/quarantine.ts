// Quarantine: one bad record (a wrong type in one item, an unusable slug, a path twin) is left out
// with a warning naming its source, the record and why; the rest is published. A response wrong as
// a whole (not the documented shape, most of a list invalid) still stops the build: that is an API
// that changed. `--strict` fails on any quarantine (src/pipeline/quarantine.ts).
// Isomorphic, importing no stage: the crawl fills the list, the snapshot keeps it beside its
// response (so a 304 still reports it), the build report lists it.

/** One record left out of the build. */
export interface Quarantined {
  /** The API path the record came from, or the route's source for a path twin. */
  endpoint: string;
  /** `post 1066`, `event 1003`, `ad 103`, or `item [4]` when the record has no id. */
  id: string;
  /** What was wrong, with the field: `duration_time: Invalid input: expected number, received string`. */
  reason: string;
}

export type QuarantineSink = (q: Quarantined) => void;

/** Default share of a list that may be quarantined before the response counts as broken (config crawl.maxInvalidShare). */
export const DEFAULT_MAX_INVALID_SHARE = 0.5;

// The id field of each record kind, in the order the kinds are recognised.
const ID_FIELDS: readonly [string, string][] = [
  ['post_name', 'id'],
  ['event_id', 'event_id'],
  ['banner_id', 'banner_id'],
  ['author_id', 'author_id'],
  ['subcat_id', 'subcat_id'],
  ['cat_id', 'cat_id'],
];
const KIND_NAMES: Record<string, string> = { post_name: 'post', event_id: 'event', banner_id: 'ad', author_id: 'author', subcat_id: 'sub-category', cat_id: 'category' };

/** A record's name for people: its kind and id when it has them, else its place in the list. */
export function recordId(item: unknown, index: number): string {
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) {
    const r = item as Record<string, unknown>;
    for (const [marker, idField] of ID_FIELDS) {
      if (!(marker in r)) continue;
      const id = r[idField];
      if (typeof id === 'number' || (typeof id === 'string' && id !== '' && id.length <= 80)) return `${KIND_NAMES[marker]} ${String(id)}`;
      return `${KIND_NAMES[marker]} [${index}]`;
    }
  }
  return `item [${index}]`;
}

/** How many invalid records a list of `length` may lose: never fewer than one, so one bad record never stops a build. */
export function allowedInvalid(length: number, share: number): number {
  return Math.max(1, Math.floor(share * length));
}

/** Sorted by endpoint, then id, then reason: the report's order does not depend on crawl timing. */
export function sortQuarantined(list: readonly Quarantined[]): Quarantined[] {
  const key = (q: Quarantined) => `${q.endpoint}\u0000${q.id}\u0000${q.reason}`;
  return [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}
