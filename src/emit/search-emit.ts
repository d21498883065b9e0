// emit's side of the search index in parts (./search-parts.ts, docs/decisions/0101-search-index-in-parts.md):
// which parts a change-driven build rebuilds, from the written pages, and writing them with the list
// of parts. An unchanged part is neither built nor written: its tracked files stay where the writer
// started from. A rebuilt part first drops its last files.
import { readFile } from 'node:fs/promises';
import { STATIC_INDEX_DIR } from '../site/search-index.ts';
import type { ManifestEntry } from './output-files.ts';
import { buildSearchIndexParts, indexedHash, type BuiltParts } from './search-index.ts';
import { assignParts, changedParts, PARTS_FILE, partsFileText, type KeptSearchIndexes, type KeptSearchParts, type PartsChange, type SearchParts } from './search-parts.ts';
import type { OutputWriter } from './writer.ts';

/** What the build that wrote the previous files kept of the index, and what this build's pages change of it (none: every part is built). */
export interface IndexChange {
  kept: KeptSearchParts;
  change?: PartsChange;
}

/** For a change-driven build starting from the previous release's files: the previous index's parts (kept by the session in `indexes`) and this build's change to them; undefined when none was kept. */
export function indexChange(previous: ReadonlyMap<string, ManifestEntry>, pages: { render: readonly { kind: string; path: string; file: string }[]; deleted: readonly string[] }, indexOn: boolean, indexes: KeptSearchIndexes | undefined): IndexChange | undefined {
  const kept = indexes?.get(previous);
  if (!kept) return undefined;
  const change = indexOn ? changedParts(kept.parts, pages.render, pages.deleted) : undefined;
  return change ? { kept, change } : { kept };
}

/** The parts of this build's index, and the ones built again with their files. */
export interface IndexBuilt {
  parts: SearchParts;
  built: BuiltParts;
}

/**
 * Builds the changed parts (every part without a change) from the article pages: parts whose
 * articles came or went, or where a re-rendered page gives Pagefind another text.
 */
export async function buildParts(w: OutputWriter, routes: readonly { kind: string; path: string; file: string }[], index: IndexChange | undefined): Promise<IndexBuilt> {
  const change = index?.change;
  let parts: SearchParts;
  let build: number[];
  if (change) {
    parts = change.parts;
    build = [...change.moved];
    for (const [part, pages] of change.edited) {
      for (const page of pages) {
        if (page.indexed !== undefined && indexedHash(await readFile(w.locate(page.file), 'utf8')) === page.indexed) continue;
        build.push(part);
        break;
      }
    }
    build.sort((a, b) => a - b);
  } else {
    parts = assignParts(routes);
    build = parts.members.map((_, i) => i);
  }
  const built = await buildSearchIndexParts((file) => w.locate(file), build.map((part) => ({ part, pages: parts.members[part]! })));
  // The parts built hold their pages' texts' hashes, for the next build's comparison.
  const members = parts.members.map((m, part) => (built.files.has(part) ? m.map((p) => ({ path: p.path, file: p.file, indexed: built.indexed.get(p.file) })) : m));
  return { parts: { ...parts, members }, built };
}

/**
 * Writes the parts built and the list of parts, first dropping the previous files of each rebuilt
 * part (all of them with no index or a whole rebuild), and keeps the parts for the next publish.
 */
export async function writeParts(w: OutputWriter, index: IndexBuilt | null, kept: KeptSearchParts | undefined, indexes?: KeptSearchIndexes): Promise<void> {
  // A part not built is the previous build's, left where it is (only when the count is the same: buildParts).
  const leftAsItWas = (part: number) => index !== null && kept !== undefined && index.parts.count === kept.parts.count && !index.built.files.has(part);
  kept?.files.forEach((files, part) => {
    if (!leftAsItWas(part)) for (const f of files) w.drop(f);
  });
  if (!index) return;
  const files: (readonly string[])[] = [];
  for (let part = 0; part < index.parts.count; part++) {
    const built = index.built.files.get(part);
    if (!built) {
      files.push(kept!.files[part]!);
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
  indexes?.set(w.entries(), { parts: index.parts, files });
}
