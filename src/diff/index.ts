// `pressroom diff <old> <new>` (docs/operations.md): resolves each side (output folder, release id or
// snapshot), compares, and formats for people or --json. Exit codes as diff(1): 0 equal, 1 different,
// 2 trouble.
import { stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pressroomError } from '../errors/errors.ts';
import { SNAPSHOT_FILE } from '../snapshot/snapshot-store.ts';
import { isReleaseId, readRecord, releasePaths, RELEASE_SITE } from '../publish/releases.ts';
import { releaseFiles } from '../publish/manifest.ts';
import { diffOutputs, diffSnapshots, type DiffResult, type Tree } from './compare.ts';

export { normaliseHtml, maskHashes } from './normalise.ts';
export type { DiffResult, OutDiff, SnapshotDiff, PageChange } from './compare.ts';

export interface Side {
  kind: 'out' | 'snapshot';
  dir: string;
  /** A release kept in the object store: its files by path. */
  files?: ReadonlyMap<string, string>;
}

const isDir = (p: string) => stat(p).then((s) => s.isDirectory(), () => false);
const isFile = (p: string) => stat(p).then((s) => s.isFile(), () => false);

/** A folder with snapshot.ndjson is a snapshot; a release folder means its site; a bare release id is looked up beside `out`. */
export async function resolveSide(arg: string, out = 'out'): Promise<Side> {
  const abs = resolve(arg);
  if (await isDir(abs)) {
    if (await isFile(join(abs, SNAPSHOT_FILE))) return { kind: 'snapshot', dir: abs };
    if ((await isDir(join(abs, RELEASE_SITE))) && isReleaseId(abs.slice(abs.lastIndexOf('/') + 1))) return { kind: 'out', dir: join(abs, RELEASE_SITE) };
    return { kind: 'out', dir: abs };
  }
  if (isReleaseId(arg)) {
    const { site, dir } = releasePaths(out, arg);
    const record = await readRecord(out, arg);
    if (record) return { kind: 'out', dir, files: await releaseFiles(out, record) };
    if (await isDir(site)) return { kind: 'out', dir: site };
    throw pressroomError('PR_USAGE', { detail: `No release ${arg} beside ${resolve(out)} (\`pressroom releases\` lists them)` });
  }
  throw pressroomError('PR_USAGE', { detail: `${arg} is neither a folder nor a release id` });
}

export async function diffBuilds(oldArg: string, newArg: string, opts: { out?: string; context?: number } = {}): Promise<DiffResult> {
  const [a, b] = await Promise.all([resolveSide(oldArg, opts.out), resolveSide(newArg, opts.out)]);
  if (a.kind !== b.kind) throw pressroomError('PR_USAGE', { detail: `Cannot compare a ${a.kind} (${oldArg}) with a ${b.kind} (${newArg})` });
  const tree = (s: Side): Tree => s.files ?? s.dir;
  return a.kind === 'snapshot' ? diffSnapshots(a.dir, b.dir) : diffOutputs(tree(a), tree(b), { context: opts.context });
}

const list = (title: string, items: readonly string[], mark: string) => (items.length ? [`${title} (${items.length}):`, ...items.map((i) => `  ${mark} ${i}`)] : []);

/** The human-readable report: a summary, then each changed page's unified diff. */
export function formatDiff(r: DiffResult): string {
  if (r.equal) return 'No differences.\n';
  // concat, not push(...list): a whole site's paths overflow the call stack as arguments.
  if (r.kind === 'snapshot') {
    const lines = [`Snapshot entries: ${r.added.length} added, ${r.removed.length} removed, ${r.changed.length} changed`].concat(list('Added', r.added, '+'), list('Removed', r.removed, '-'), list('Changed', r.changed, '~'));
    return `${lines.join('\n')}\n`;
  }
  const { pages, files } = r;
  const lines = [
    `Routes: ${pages.added.length} added, ${pages.removed.length} removed, ${pages.changed.length} changed`,
    `Other files: ${files.added.length} added, ${files.removed.length} removed, ${files.changed.length} changed`,
  ].concat(
    list('Added routes', pages.added, '+'), list('Removed routes', pages.removed, '-'), list('Changed routes', pages.changed.map((c) => c.file), '~'),
    list('Added files', files.added, '+'), list('Removed files', files.removed, '-'), list('Changed files', files.changed, '~'),
  );
  let text = `${lines.join('\n')}\n`;
  for (const c of pages.changed) text += `\n${c.diff}`;
  return text;
}
