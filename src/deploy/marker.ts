// What each target last received (docs/deploying.md, "Markers"). The marker is written LAST by
// each target on the target itself (`.pressroom/deploy.json` under its root), and here beside
// out/ as the local record `.pressroom/<out>/deploy/<name>.json`, which also remembers the redirect
// objects sent (so a later deploy sends only those that changed). The target's own marker wins: it
// is what the target holds even when another machine deployed to it; the local record stands in
// when the target cannot keep one (a `command` target) or has none yet.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../files/atomic-write.ts';
import { outPaths } from '../publish/paths.ts';
import type { TargetMarker } from './types.ts';

/** The marker's path on a target, relative to its root. */
export const TARGET_MARKER = '.pressroom/deploy.json';

export interface LocalRecord extends TargetMarker {
  /** The redirect objects sent, key -> location (targets that take them). */
  redirects?: Record<string, string>;
}

/** `.pressroom/<out>/deploy`: the local records, and the git targets' clone caches. */
export const deployDirFor = (out: string): string => join(outPaths(out).state, 'deploy');

/** A target's name as a file name: names are checked by the configuration (letters, digits, - and _). */
export const localRecordFile = (out: string, name: string): string => join(deployDirFor(out), `${name}.json`);

export function parseMarker(text: string | undefined): TargetMarker | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(text) as Partial<TargetMarker>;
    if (typeof v.release !== 'string' || typeof v.manifest !== 'string' || !/^[0-9a-f]{64}$/.test(v.manifest)) return undefined;
    return { release: v.release, manifest: v.manifest, at: typeof v.at === 'string' ? v.at : '' };
  } catch {
    return undefined;
  }
}

export const markerText = (m: TargetMarker): string => `${JSON.stringify({ release: m.release, manifest: m.manifest, at: m.at })}\n`;

export async function readLocalRecord(out: string, name: string): Promise<LocalRecord | undefined> {
  const text = await readFile(localRecordFile(out, name), 'utf8').catch(() => undefined);
  const marker = parseMarker(text);
  if (!marker) return undefined;
  const redirects = (JSON.parse(text!) as { redirects?: unknown }).redirects;
  return redirects && typeof redirects === 'object' ? { ...marker, redirects: redirects as Record<string, string> } : marker;
}

export async function writeLocalRecord(out: string, name: string, record: LocalRecord): Promise<void> {
  await writeFileAtomic(localRecordFile(out, name), `${JSON.stringify(record)}\n`);
}
