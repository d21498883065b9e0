// The build's quarantine list (src/api/quarantine.ts): the records the crawl
// left out (kept in their snapshot entries, so a 304 or --from-snapshot still
// names them) and the path twins plan left out, in one sorted list for the
// report; and --strict, which refuses to publish while the list is not empty.
import { sortQuarantined, type Quarantined } from '../api/quarantine.ts';
import { pressroomError } from '../core/errors.ts';
import type { SnapshotView } from '../site/types.ts';

/** Every quarantined record of this build, sorted (deterministic reports). */
export function quarantinedRecords(snapshot: SnapshotView, fromPlan: readonly Quarantined[]): Quarantined[] {
  const all: Quarantined[] = [...fromPlan];
  for (const path of snapshot.paths()) all.push(...(snapshot.get(path)?.quarantined ?? []));
  return sortQuarantined(all);
}

/** With --strict, any quarantined record fails the build before anything is written (exit 5). */
export function enforceStrict(list: readonly Quarantined[], strict: boolean | undefined): void {
  if (!strict || list.length === 0) return;
  const shown = list.slice(0, 10).map((q) => `\n  ${q.endpoint}: ${q.id}: ${q.reason}`).join('');
  const more = list.length > 10 ? `\n  ... and ${list.length - 10} more` : '';
  throw pressroomError('PR_QUARANTINE_STRICT', { count: list.length, records: `${shown}${more}` });
}
