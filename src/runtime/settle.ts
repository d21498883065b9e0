// Two steps that run side by side in one stage or build. Promise.all would reject at the first
// failure while the other still runs (a write going on after the lock is released); here both
// settle first, then the first failure is thrown.

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
