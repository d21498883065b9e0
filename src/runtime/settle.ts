// Two steps that run side by side inside one stage or one build (emit's pages
// and site-wide files; the release record and the snapshot save). Promise.all
// would reject at the first failure while the other step still runs, so a
// build could report its failure, release the run lock and leave a write going
// on behind it. Here both settle first; then the failure that came first is thrown.

/** Both results, or, once both have settled, the first failure in time; `onFailure` runs at that failure (to stop the other step early). */
export async function settleBoth<A, B>(a: Promise<A>, b: Promise<B>, onFailure?: () => void): Promise<[A, B]> {
  let first: { error: unknown } | undefined;
  const fail = (error: unknown): never => {
    if (!first) {
      first = { error };
      onFailure?.();
    }
    throw error;
  };
  const [ra, rb] = await Promise.allSettled([a.catch(fail), b.catch(fail)]);
  if (first) throw first.error;
  return [(ra as PromiseFulfilledResult<A>).value, (rb as PromiseFulfilledResult<B>).value];
}
