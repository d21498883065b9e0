// Regenerates tests/fixtures/snapshot-small/ (docs/contributing.md, "Page kinds"):
// the embedded sample API with its smallest corpus (10 posts asked; the
// corpus keeps a minimum per category, so 555 responses, ~0.9 MB), seed 1, at a fixed
// clock, crawled once and saved. Run only when the crawl or the page kinds'
// deps change (the page-kinds test then says which data is missing):
//   node --import tsx tests/helpers/make-snapshot-small.ts
import { join, resolve } from 'node:path';
import { build } from '../../src/pipeline/index.ts';
import { tempDir } from './pressroom.ts';

export const SMALL_NOW = '2026-01-15T12:00:00Z';
export const SMALL_POSTS = 10;
export const SMALL_SNAPSHOT = resolve(import.meta.dirname, '../fixtures/snapshot-small');

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const tmp = await tempDir('pr-small-');
  try {
    const report = await build({ out: join(tmp.dir, 'out'), now: SMALL_NOW, sample: { seed: 1, posts: SMALL_POSTS }, snapshotDir: SMALL_SNAPSHOT });
    process.stdout.write(`saved ${report.snapshotEntries} responses to ${SMALL_SNAPSHOT} (${report.routes} routes)\n`);
  } finally {
    await tmp.cleanup();
  }
}
