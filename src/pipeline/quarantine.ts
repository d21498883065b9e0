// The build's quarantine list (src/api/quarantine.ts): the records the crawl
// left out (kept in their snapshot entries, so a 304 or --from-snapshot still
// names them) and the path twins plan left out, in one sorted list for the
// report; and --strict, which refuses to publish while the list is not empty.
import { sortQuarantined, type Quarantined } from '../api/quarantine.ts';
import { pressroomError } from '../core/errors.ts';
import { keepsForNextBuild } from '../core/resident.ts';
import type { SnapshotView } from '../site/types.ts';

// The paths of the last snapshot state asked whose entries hold quarantined records, in path
// order: a change-driven build's snapshot is a copy that names the paths changed since
// (Snapshot.changesSince), so only those are looked at again, not every entry of the site.
let last: { state: string; paths: readonly string[] } | undefined;

/** Every quarantined record of this build, sorted (deterministic reports). */
export function quarantinedRecords(snapshot: SnapshotView, fromPlan: readonly Quarantined[]): Quarantined[] {
  const paths = quarantinedPaths(snapshot);
  const all: Quarantined[] = [...fromPlan];
  for (const path of paths) all.push(...(snapshot.get(path)?.quarantined ?? []));
  return sortQuarantined(all);
}

function quarantinedPaths(snapshot: SnapshotView): readonly string[] {
  const changed = last && snapshot.changesSince?.(last.state);
  const holds = (p: string) => (snapshot.get(p)?.quarantined?.length ?? 0) > 0;
  const paths = changed ? [...new Set([...last!.paths.filter((p) => !changed.has(p)), ...[...changed].filter(holds)])].sort() : [...snapshot.paths()].filter(holds);
  last = keepsForNextBuild() && snapshot.state !== undefined ? { state: snapshot.state, paths } : undefined;
  return paths;
}

/** With --strict, any quarantined record fails the build before anything is written (exit 5). */
export function enforceStrict(list: readonly Quarantined[], strict: boolean | undefined): void {
  if (!strict || list.length === 0) return;
  const shown = list.slice(0, 10).map((q) => `\n  ${q.endpoint}: ${q.id}: ${q.reason}`).join('');
  const more = list.length > 10 ? `\n  ... and ${list.length - 10} more` : '';
  throw pressroomError('PR_QUARANTINE_STRICT', { count: list.length, records: `${shown}${more}` });
}
