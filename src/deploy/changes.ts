// The change list of one deploy (docs/deploying.md, "Deploy targets"): what a target must receive
// to go from the release it holds (its marker names that release's manifest M) to the current one.
// It is the union of the publishes' own changes from the current release back along `parent` to M:
// from the session's chain in a watcher (./kept.ts), else from the release records beside out/
// (src/publish/releases.ts). Each path is then an upload (in the current manifest) or a deletion.
// Nothing here lists a target or walks out/: the cost is the change, plus reading the current
// manifest's index in a cold process. When M is off the chain (its releases were pruned, or a
// rollback went back past it), M's manifest is compared with the current one if the object store
// still has it; else everything is sent and deletions are unknown (W_DEPLOY_RESYNC: `--verify` finds them).
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { pressroomError } from '../errors/errors.ts';
import type { Warn } from '../errors/warnings.ts';
import type { ManifestEntry } from '../emit/index.ts';
import { cacheControlFor, contentTypeFor } from '../emit/file-headers.ts';
import { precompressible, SIBLINGS } from '../emit/precompress.ts';
import { differingPaths, readReleaseFiles } from '../publish/manifest.ts';
import { objectFile } from '../publish/paths.ts';
import { currentReleaseId, listReleases, readRecord } from '../publish/releases.ts';
import type { DeployKept, PublishLink } from './kept.ts';
import { phaseOf, PHASES } from './phases.ts';
import type { DeployChange, DeployFile, DeployRedirect, TargetMarker } from './types.ts';

export interface ChangeInput {
  out: string;
  /** What the target holds (its marker, or the local record of it). */
  from: TargetMarker | undefined;
  /** Send every file (`--force`, a target never deployed). */
  full?: boolean;
  /** The session's chain of publishes (a watcher). */
  kept?: DeployKept;
  /** Redirect objects to send with the change (./redirects.ts); none for targets that do not use them. */
  redirects?: DeployRedirect[];
  /** Redirect objects sent before and gone now: deleted, unless a file of the site took their key. */
  staleRedirects?: readonly string[];
  warn?: Warn;
  /** The deploy's clock (the marker's `at`). */
  now?: Date;
}

/** The change and how it was found (for the report and the tests). */
export interface ComputedChange {
  change: DeployChange;
  /** 'session' | 'records': walked the chain; 'manifests': compared M with the current manifest; 'full'. */
  source: 'session' | 'records' | 'manifests' | 'full' | 'none';
  /** Files of the current release (the gates compare the deletions with it). */
  siteFiles: number;
}

/** The current release as the chain's head: from the session when its head is current, else from disk. */
async function currentLink(out: string, kept: DeployKept | undefined): Promise<PublishLink> {
  const id = await currentReleaseId(out);
  if (!id) throw pressroomError('PR_DEPLOY_NO_RELEASE', { out });
  const head = kept?.chain[0];
  if (head && head.release === id) return head;
  const record = await readRecord(out, id);
  if (!record) throw pressroomError('PR_DEPLOY_NO_RELEASE', { out });
  return { release: id, manifest: record.manifest, parent: record.parent, changed: record.changed, precompress: record.precompress };
}

/** Links by manifest sha: the session's, or every kept release's record (a few small files). */
async function linksOnDisk(out: string): Promise<Map<string, PublishLink>> {
  const byManifest = new Map<string, PublishLink>();
  for (const r of (await listReleases(out)).reverse()) {
    const record = await readRecord(out, r.id);
    if (record && !byManifest.has(record.manifest)) byManifest.set(record.manifest, { release: r.id, ...record });
  }
  return byManifest;
}

/** The union of the changes from `head` back to the manifest `to`, or undefined when the chain does not reach it. */
export function walkChain(head: PublishLink, to: string, links: ReadonlyMap<string, PublishLink>): { paths: Set<string>; precompress: boolean } | undefined {
  const paths = new Set<string>();
  let precompress = head.precompress;
  const seen = new Set<string>();
  for (let link: PublishLink | undefined = head; link; link = link.parent ? links.get(link.parent) : undefined) {
    if (link.manifest === to) return { paths, precompress };
    if (seen.has(link.manifest) || link.changed === null || link.parent === null) return undefined;
    seen.add(link.manifest);
    for (const p of link.changed) paths.add(p);
    precompress ||= link.precompress;
    if (link.parent === to) return { paths, precompress };
  }
  return undefined;
}

export async function computeChange(input: ChangeInput): Promise<ComputedChange> {
  const { out } = input;
  const head = await currentLink(out, input.kept);
  const to: TargetMarker = { release: head.release, manifest: head.manifest, at: (input.now ?? new Date()).toISOString() };
  const from = input.from;
  const files = head.files ?? (await readReleaseFiles(out, head.manifest));
  const base = { from, to, redirects: input.redirects ?? [] };

  if (from && from.manifest === head.manifest && !input.full) {
    const deletions = (input.staleRedirects ?? []).filter((k) => !files.has(k));
    return { change: { ...base, full: false, phases: [], deletions }, source: 'none', siteFiles: files.size };
  }
  let paths: Set<string> | undefined;
  let siblingsEver = head.precompress;
  let source: ComputedChange['source'] = 'full';
  if (from && !input.full) {
    const sessionLinks = new Map((input.kept?.chain ?? []).map((l) => [l.manifest, l]));
    let walked = input.kept && input.kept.chain[0] === head ? walkChain(head, from.manifest, sessionLinks) : undefined;
    source = 'session';
    if (!walked) {
      walked = walkChain(head, from.manifest, await linksOnDisk(out));
      source = 'records';
    }
    if (walked) {
      paths = walked.paths;
      siblingsEver ||= walked.precompress;
    }
  }
  let deletions: string[] = [];
  if (!paths && from) {
    // Off the chain (or --force): M's own manifest, if the store still has it, tells the deletions.
    const old = await readReleaseFiles(out, from.manifest).catch(() => undefined);
    if (old) {
      const differ = differingPaths(old, files);
      if (!input.full) {
        paths = new Set(differ);
        source = 'manifests';
      } else deletions = differ.filter((p) => !files.has(p));
      // (Whether M had siblings is its record's to say, which is gone: those of a path deleted since
      // stay on the target until `--verify`, a rare case: the setting changed and the chain was pruned.)
    } else if (!input.full) {
      input.warn?.('W_DEPLOY_RESYNC', { release: from.release });
    }
  }
  const full = paths === undefined;
  // Not push(...list): a whole site's entries (150,000 at 50,000 posts) overflow the call stack as arguments.
  const present: ManifestEntry[] = paths ? [] : [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  if (paths) {
    for (const p of [...paths].sort()) {
      const f = files.get(p);
      if (f) present.push(f);
      else deletions.push(p);
    }
  }

  const uploads: DeployFile[] = [];
  const siblingDeletions: string[] = [];
  for (const f of present) {
    uploads.push(deployFile(out, f.path, f.sha256, f.size));
    if (head.precompress && precompressible(f.path, f.size)) for (const ext of SIBLINGS) uploads.push(await siblingFile(out, f, ext));
    else if (siblingsEver && precompressible(f.path, Infinity) && !full) for (const ext of SIBLINGS) siblingDeletions.push(f.path + ext);
  }
  for (const key of input.staleRedirects ?? []) if (!files.has(key) && !deletions.includes(key)) deletions.push(key);
  if (siblingsEver) for (const p of deletions) if (precompressible(p, Infinity)) for (const ext of SIBLINGS) siblingDeletions.push(p + ext);

  const phases = PHASES.map((phase) => ({ phase, files: uploads.filter((u) => phaseOf(u.path) === phase) })).filter((p) => p.files.length > 0);
  const allDeletions = [...deletions, ...siblingDeletions].sort();
  return {
    change: { ...base, full, phases, deletions: allDeletions, emptied: emptiedFolders(allDeletions, files.keys()) },
    source,
    siteFiles: files.size,
  };
}

/**
 * The folders of the deleted paths that hold no file of the release, deepest first. One pass over the
 * release's paths, and only when something is deleted: an rsync deploy then removes only those (one
 * call a depth) instead of trying every folder of every deleted path (about 0.1 s a call).
 */
export function emptiedFolders(deletions: readonly string[], release: Iterable<string>): string[] {
  if (deletions.length === 0) return [];
  const candidates = new Set<string>();
  for (const p of deletions) {
    const parts = p.split('/');
    for (let d = parts.length - 1; d >= 1; d--) candidates.add(parts.slice(0, d).join('/'));
  }
  for (const path of release) {
    for (let i = path.indexOf('/'); i > 0 && candidates.size > 0; i = path.indexOf('/', i + 1)) candidates.delete(path.slice(0, i));
    if (candidates.size === 0) break;
  }
  const depth = (d: string) => d.split('/').length;
  return [...candidates].sort((a, b) => depth(b) - depth(a) || (a < b ? -1 : a > b ? 1 : 0));
}

export function deployFile(out: string, path: string, sha256: string, size: number): DeployFile {
  return { path, source: objectFile(out, sha256), sha256, size, contentType: contentTypeFor(path), cacheControl: cacheControlFor(path) };
}

/** A precompressed sibling, kept beside its file's object (src/publish/objects.ts); its hash is made here (the change's files only). */
async function siblingFile(out: string, f: ManifestEntry, ext: string): Promise<DeployFile> {
  const source = objectFile(out, f.sha256) + ext;
  const [bytes, st] = await Promise.all([readFile(source), stat(source)]).catch((e: Error) => {
    throw pressroomError('PR_DEPLOY_SOURCE', { file: source, detail: e.message }, e);
  });
  return { path: f.path + ext, source, sha256: createHash('sha256').update(bytes).digest('hex'), size: st.size, contentType: contentTypeFor(f.path + ext), cacheControl: cacheControlFor(f.path) };
}

/** How many files a change sends, and how many bytes (the dry run's and the report's figures). */
export function changeSize(change: DeployChange): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const p of change.phases) for (const f of p.files) {
    files += 1;
    bytes += f.size;
  }
  return { files, bytes };
}
