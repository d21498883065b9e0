// The build's quarantine list (src/api/quarantine.ts): records the crawl left out (kept in their
// entries, so a 304 still names them) and path twins plan left out, sorted; and --strict.
import { sortQuarantined, type Quarantined } from '../api/quarantine.ts';
import { pressroomError } from '../errors/errors.ts';
import type { CrawlKept } from '../crawl/kept.ts';
import type { SnapshotView } from '../site/types.ts';

/**
 * Every quarantined record, sorted. `kept`: the session's crawl part, keeping the paths that hold
 * some, so a change-driven build looks again only at changed paths.
 */
export function quarantinedRecords(snapshot: SnapshotView, fromPlan: readonly Quarantined[], kept?: CrawlKept): Quarantined[] {
  const paths = quarantinedPaths(snapshot, kept);
  const all: Quarantined[] = [...fromPlan];
  for (const path of paths) all.push(...(snapshot.get(path)?.quarantined ?? []));
  return sortQuarantined(all);
}

function quarantinedPaths(snapshot: SnapshotView, kept: CrawlKept | undefined): readonly string[] {
  const last = kept?.quarantinedPaths;
  const changed = last && snapshot.changesSince?.(last.state);
  const holds = (p: string) => (snapshot.get(p)?.quarantined?.length ?? 0) > 0;
  const paths = changed ? [...new Set([...last!.paths.filter((p) => !changed.has(p)), ...[...changed].filter(holds)])].sort() : [...snapshot.paths()].filter(holds);
  if (kept) kept.quarantinedPaths = snapshot.state !== undefined ? { state: snapshot.state, paths } : undefined;
  return paths;
}

/** With --strict, any quarantined record fails the build before anything is written (exit 5). */
export function enforceStrict(list: readonly Quarantined[], strict: boolean | undefined): void {
  if (!strict || list.length === 0) return;
  const shown = list.slice(0, 10).map((q) => `\n  ${q.endpoint}: ${q.id}: ${q.reason}`).join('');
  const more = list.length > 10 ? `\n  ... and ${list.length - 10} more` : '';
  throw pressroomError('PR_QUARANTINE_STRICT', { count: list.length, records: `${shown}${more}` });
}
