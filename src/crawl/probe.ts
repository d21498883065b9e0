// The probe of a scheduled run (src/pipeline/unchanged.ts): every saved response asked again,
// conditionally, before anything is loaded. It answers one question, "is the API's content what
// the saved snapshot holds?", and stops at the first "no": the crawl then runs as usual, and the
// responses already confirmed are not asked for twice (CrawlOptions.confirmed).
import pLimit from 'p-limit';
import { canonicalJson } from '../encoding/json.ts';
import { canonicalEntryHash } from '../snapshot/snapshot-files.ts';
import { pathOfKey, type SavedValidator } from '../snapshot/validators.ts';
import { isFinalAnswer, type ApiClient } from './http.ts';

export interface ProbeResult {
  /** Every saved response is still the API's answer. */
  unchanged: boolean;
  /** The paths whose answer was confirmed unchanged (all of them when `unchanged`). */
  confirmed: Set<string>;
  /** The first path that answered otherwise, and how. */
  changed?: { path: string; status: number };
  ms: number;
}

/**
 * Asks for each saved entry with its validators, `concurrency` at a time. Unchanged is a 304, or,
 * for an answer the contract gives without validators (a 404 the site renders: ./http.ts
 * isFinalAnswer), the same status and body hash. A failure is the crawl's error, naming the endpoint.
 */
export async function probeUnchanged(client: Pick<ApiClient, 'get'>, entries: readonly SavedValidator[], concurrency: number, onDone?: (done: number) => void): Promise<ProbeResult> {
  const started = performance.now();
  const confirmed = new Set<string>();
  const limit = pLimit(concurrency);
  let changed: ProbeResult['changed'];
  const ask = async (saved: SavedValidator) => {
    if (changed) return;
    const path = pathOfKey(saved.key);
    const res = await client.get(path, { etag: saved.etag, lastModified: saved.lastModified });
    const same = res.notModified || (isFinalAnswer(path, res.status) && res.status === saved.status && canonicalEntryHash(res.status, canonicalJson(res.body ?? null)) === saved.hash);
    if (same) {
      confirmed.add(path);
      onDone?.(confirmed.size);
    } else if (!changed) {
      // The requests still queued return at once (above): the crawl asks for what it wants.
      changed = { path, status: res.status };
    }
  };
  try {
    await Promise.all(entries.map((e) => limit(() => ask(e))));
  } catch (e) {
    limit.clearQueue();
    throw e;
  }
  return { unchanged: !changed && confirmed.size === entries.length, confirmed, ...(changed ? { changed } : {}), ms: Math.round(performance.now() - started) };
}
