// A publish replaces out/ by two renames (docs/decisions/0103-publish-kill-recovery.md), so for an
// instant there is no out/. A request that meets that instant would fail: a 500 when a file found a
// moment before is gone when it is opened, or a 404 of a page that exists on both sides of the swap.
// `bench/soak.ts` saw one or two such answers in 41,000 reads during 15 minutes of publishing. Such a
// request is answered again once out/ is back, as a host behind an atomic switch would answer it.
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long a request waits for out/ to come back. The two renames follow each other at once; on a
 * loaded machine the publishing process may be descheduled between them for some milliseconds, and
 * a folder missing for longer is no swap (removed, or a kill between the renames: see `recover`).
 */
export const SWAP_WAIT_MS = 2000;
const POLL_MS = 5;
/** Tries of one request: the first, and one after each swap it met. */
const TRIES = 3;

/** Thrown by a handler that found out/ missing where it would otherwise answer 404. */
export class OutMissing extends Error {
  readonly code = 'ENOENT';
  constructor(root: string) {
    super(`${root} is missing (a publish is swapping it)`);
  }
}

export const outPresent = (root: string): Promise<boolean> => stat(root).then(
  (s) => s.isDirectory(),
  () => false,
);

/** Resolves once out/ is there, with the milliseconds waited; null after SWAP_WAIT_MS. */
export async function waitForOut(root: string, limitMs = SWAP_WAIT_MS): Promise<number | null> {
  const started = performance.now();
  while (!(await outPresent(root))) {
    if (performance.now() - started >= limitMs) return null;
    await sleep(POLL_MS);
  }
  return performance.now() - started;
}

const missing = (e: unknown): boolean => {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
};

/** A request's wait for out/: when it starts, and how it ended (milliseconds, or null when out/ did not come back). */
export type SwapWait = { phase: 'start' } | { phase: 'end'; ms: number | null };

/**
 * Runs `handle` and runs it again when it failed on a missing file before sending anything, after
 * out/ is back. `onWait` hears of each wait as it starts and ends.
 */
export async function acrossSwaps(root: string, res: ServerResponse, handle: () => Promise<void>, onWait?: (e: SwapWait) => void): Promise<void> {
  for (let tried = 1; ; tried++) {
    try {
      return await handle();
    } catch (e) {
      if (tried >= TRIES || res.headersSent || !missing(e)) throw e;
      onWait?.({ phase: 'start' });
      const waited = await waitForOut(root);
      onWait?.({ phase: 'end', ms: waited });
      // Still no out/: no swap but a removed site; the error stands.
      if (waited === null) throw e;
    }
  }
}
