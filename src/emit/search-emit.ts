// emit's side of the static search index in parts (./search-parts.ts, docs/decisions.md 101):
// which parts a change-driven build builds again and which files of the previous release it
// drops for them, building the parts from the written pages, and writing them with the list of
// parts. A part that no article changed is neither built nor written: its files stay where the
// writer started from (OutputWriter.startFromPrevious), because they are written as tracked
// files, not among the others every build writes again.
import { STATIC_INDEX_DIR } from '../site/search-index.ts';
import type { ManifestEntry } from './output-files.ts';
import { buildSearchIndexParts } from './search-index.ts';
import { assignParts, changedParts, PARTS_FILE, partsFileText, SEARCH_PARTS, type SearchParts } from './search-parts.ts';
import type { OutputWriter } from './writer.ts';

/** The static index's parts of a build, the parts to build and, for the others, the files they left as they were. */
export interface IndexChange {
  parts: SearchParts;
  build: readonly number[];
  files?: readonly (readonly string[])[];
}

/** Builds the parts of the static index that changed (every part without `change`), reading the article pages where the writer has them. */
export async function buildParts(w: OutputWriter, routes: readonly { kind: string; path: string; file: string }[], change: IndexChange | undefined) {
  let plan = change;
  if (!plan) {
    const parts = assignParts(routes);
    plan = { parts, build: parts.members.map((_, i) => i) };
  }
  const built = await buildSearchIndexParts((file) => w.locate(file), plan.build.map((part) => ({ part, pages: plan.parts.members[part]! })));
  return { ...plan, built };
}

/** Writes the parts built and the list of parts, and keeps the parts with this build's files for a next publish. */
export async function writeParts(w: OutputWriter, index: Awaited<ReturnType<typeof buildParts>>): Promise<void> {
  const files: (readonly string[])[] = [];
  for (let part = 0; part < index.parts.count; part++) {
    const built = index.built.get(part);
    if (!built) {
      files.push(index.files![part]!);
      continue;
    }
    const written: string[] = [];
    for (const f of built) {
      const rel = `${STATIC_INDEX_DIR}/${f.path}`;
      // Tracked, not among the files every build writes again: a part nobody changed stays as it is.
      await w.writeTracked(rel, f.contents);
      written.push(rel);
    }
    files.push(written);
  }
  await w.write(PARTS_FILE, partsFileText(index.parts.count));
  SEARCH_PARTS.set(w.entries(), { parts: index.parts, files });
}

/**
 * For a change-driven build starting from the previous release's files: the parts it builds
 * again (undefined: every part, or none without the index) and the previous files it drops for
 * them, from what the build that wrote those files kept (nothing kept: nothing to drop, every
 * part built).
 */
export function indexChange(previous: ReadonlyMap<string, ManifestEntry>, pages: { render: readonly { kind: string; path: string; file: string }[]; deleted: readonly string[] }, indexOn: boolean): { drop: readonly string[]; change?: IndexChange } {
  const kept = SEARCH_PARTS.get(previous);
  if (!kept) return { drop: [] };
  const change = indexOn ? changedParts(kept.parts, pages.render, pages.deleted) : undefined;
  if (!change) return { drop: kept.files.flat() };
  return { drop: change.dirty.flatMap((part) => kept.files[part]!), change: { parts: change.parts, build: change.dirty, files: kept.files } };
}
