// Change-driven builds of a site whose static search index is in several parts
// (src/emit/search-parts.ts: 140 posts, so four parts) equal full builds after
// each of 8 random edits (tests/helpers/changed-property.ts), seed 5; a build
// builds again exactly the parts whose files change: a story edited in place
// the one that holds it, an ad edited (no page rendered: ads come from the mirror) none.
import { expect } from 'vitest';
import { changedProperty } from '../helpers/changed-property.ts';

/** The part a file of the index belongs to (0: the index folder's own files), or undefined for another file or the list of parts. */
function partOfFile(file: string): number | undefined {
  if (!file.startsWith('pagefind/') || file === 'pagefind/pressroom-parts.json') return undefined;
  const m = /^pagefind\/parts\/(\d+)\//.exec(file);
  return m ? Number(m[1]) : 0;
}

/** The parts whose files differ between two trees. */
function partsChanged(before: Record<string, string>, after: Record<string, string>): Set<number> {
  const parts = new Set<number>();
  for (const f of Object.keys({ ...before, ...after })) {
    const part = partOfFile(f);
    if (part !== undefined && before[f] !== after[f]) parts.add(part);
  }
  return parts;
}

let inPlace = 0;
let adEdits = 0;
changedProperty([5], {
  posts: 140,
  steps: 8,
  afterStep({ step, label, before, after, report }) {
    const parts = new Set(Object.keys(after).map(partOfFile).filter((p) => p !== undefined));
    expect({ step, parts: parts.size, reported: report.searchIndex?.parts }).toEqual({ step, parts: 4, reported: 4 });
    // Exactly the parts whose files changed are built: not those a side list renders again with the
    // same article text. An ad edit (the seed's step 5) renders no page and builds no part.
    expect({ step, label, built: report.searchIndex!.built }).toEqual({ step, label, built: partsChanged(before, after).size });
    if (/^ad \d+ /.test(label)) {
      adEdits += 1;
      expect({ step, label, rendered: report.incremental.rendered, built: report.searchIndex!.built }).toEqual({ step, label, rendered: 0, built: 0 });
    }
    // A story's title or body: its part only (a title also shows on listings and feeds, never inside another article).
    if (/^(title|body) of post /.test(label)) {
      expect({ step, label, changed: partsChanged(before, after).size, built: report.searchIndex!.built }).toEqual({ step, label, changed: 1, built: 1 });
      inPlace += 1;
    }
    if (step === 8) {
      expect(inPlace, 'the seed edits a story in place').toBeGreaterThan(0);
      expect(adEdits, 'the seed edits an ad').toBeGreaterThan(0);
    }
  },
});
