// A REF that cannot be fetched (docs/operations.md, "A REF that cannot be fetched"). A
// change-driven crawl (./changed.ts) re-fetches as they are the API paths a REF names: an API
// path, a route's responses, the ads, the category lists. One that no endpoint of the contract
// matches, or that the API refuses with a 4xx other than 429 (the path names nothing, and asking
// again will not change that), is dropped with the REFs that named it and reported; the rest of
// the change is crawled and published. Before, such a REF failed its build and every retry, and
// each webhook after it joined the failing batch, until the next poll.
//
// "Gone" is not this: a deleted or unpublished post or event answers as the contract says (501
// for details, src/crawl/http.ts isFinalAnswer) or leaves its lists, and its deletion is
// published. A 5xx, a 429, a timeout or a refused connection is the API failing, not the REF:
// the build fails and is retried with every REF.
import { schemaFor } from '../api/schemas.ts';
import { isPressroomError } from '../errors/errors.ts';

export interface DroppedRef {
  /** The REF as formatRef prints it (`/api/author/99999`, `ads`, a route). */
  ref: string;
  /** The request that cannot be made or was refused: `GET /api/author/99999`. */
  endpoint: string;
  /** Why, for people: `the API answered 404`. */
  reason: string;
}

/** The status of an API's refusal that asking again will not change (a 4xx but 429), else undefined. */
function refusedStatus(e: unknown): number | undefined {
  if (!isPressroomError(e) || e.code !== 'PR_API_STATUS') return undefined;
  const status = Number(e.params.status);
  return status >= 400 && status <= 499 && status !== 429 ? status : undefined;
}

/**
 * Fetches each of `paths` (by `fetch`, which throws as the crawl does); the ones that cannot be
 * fetched are left out. Returns those paths and the REFs they drop (every REF that named one:
 * `namedBy`), sorted, so the report's order does not depend on timing. Any other failure rejects.
 */
export async function fetchNamed(paths: Iterable<string>, namedBy: ReadonlyMap<string, readonly string[]>, fetch: (path: string) => Promise<void>): Promise<{ refused: Set<string>; dropped: DroppedRef[] }> {
  const refused = new Map<string, string>();
  await Promise.all(
    [...paths].map(async (path) => {
      // Fetched, it would fail the build as a bug (no response schema): it names no endpoint Pressroom reads.
      if (!schemaFor(path)) return void refused.set(path, 'no endpoint of the API contract (docs/api-contract.md) answers this path');
      try {
        await fetch(path);
      } catch (e) {
        const status = refusedStatus(e);
        if (status === undefined) throw e;
        refused.set(path, `the API answered ${status}`);
      }
    }),
  );
  const dropped = [...refused].flatMap(([path, reason]) => (namedBy.get(path) ?? []).map((ref) => ({ ref, endpoint: `GET ${path}`, reason })));
  const key = (d: DroppedRef) => `${d.ref}\u0000${d.endpoint}`;
  dropped.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return { refused: new Set(refused.keys()), dropped };
}
