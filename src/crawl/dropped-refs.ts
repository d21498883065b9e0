// A REF that cannot be fetched (docs/operations.md, "A REF that cannot be fetched"): one that no
// contract endpoint matches, or that the API refuses with a 4xx other than 429, is dropped with the
// REFs that named it and reported, and the rest of the change is published: kept, it would fail every
// retry and every later batch until the next poll.
// "Gone" is not this: a deleted post answers as the contract says or leaves its lists. A 5xx, 429,
// timeout or refused connection is the API failing: the build fails and is retried with every REF.
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
 * Fetches each path; unfetchable ones are left out and returned with the REFs they drop, sorted so
 * the report does not depend on timing. Any other failure rejects.
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
