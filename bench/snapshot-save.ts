// Snapshot save benchmark (docs/operations.md, "Publishing on change"): what saving the
// snapshot costs a change-driven build, which changes a handful of entries.
//
// One in-process run: the sample API at --posts posts, a full build, then --edits
// change-driven builds, each after a post's title was edited in the API
// (`--changed post:ID`). Prints each build's `timings.snapshot` (the save, from
// its build report), the snapshot folder's files and their sizes, and the median.
// Figures are printed, never asserted.
//
//   node --import tsx bench/snapshot-save.ts [--posts 10000] [--edits 8] [--keep]
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { parseRef } from '../src/webhook/refs.ts';
import { build } from '../src/pipeline/index.ts';
import { startSampleApi } from '../src/sample-api/index.ts';
import { appendHistory } from './history.ts';

const { values } = parseArgs({
  options: { posts: { type: 'string', default: '10000' }, edits: { type: 'string', default: '8' }, keep: { type: 'boolean', default: false } },
});
const ROOT = resolve(import.meta.dirname, '..');
const NOW = '2026-01-15T12:00:00Z';
const posts = Number(values.posts);
const edits = Number(values.edits);
const dir = await mkdtemp(join(tmpdir(), 'pr-bench-snapshot-'));
const api = await startSampleApi({ posts, seed: 2026, today: NOW });
const files = async (snap: string) =>
  (await Promise.all((await readdir(snap)).sort().map(async (f) => `${f} ${((await stat(join(snap, f))).size / 1e6).toFixed(2)} MB`))).join(', ');
try {
  const base = { api: api.url, now: NOW, configFile: join(ROOT, 'config/site.json'), env: {}, handleSignals: false, quiet: true };
  const out = join(dir, 'out');
  const snap = join(dir, '.pressroom', 'snapshot');
  const full = await build({ ...base, out });
  console.log(`${posts} posts: full build ${full.timings.total} ms, snapshot save ${full.timings.snapshot} ms; ${await files(snap)}`);
  const saves: number[] = [];
  const live = api.corpus.posts.filter((p) => p.status === 'publish');
  for (let i = 1; i <= edits; i++) {
    const p = live[(i * 7919) % live.length];
    api.mutate.editPost(p.id, { post_title: `Bench edit ${i}: ${p.title}`.slice(0, 120) });
    const r = await build({ ...base, out, changed: [parseRef(`post:${p.id}`)] });
    saves.push(r.timings.snapshot);
    console.log(`edit ${i} (post:${p.id}): build ${r.timings.total} ms, snapshot save ${r.timings.snapshot} ms${r.changed?.fallback ? `, FELL BACK: ${r.changed.fallback}` : ''}; ${await files(snap)}`);
  }
  const sorted = [...saves].sort((a, b) => a - b);
  console.log(`median snapshot save of a change-driven build at ${posts} posts: ${sorted[Math.floor(sorted.length / 2)]} ms (min ${sorted[0]}, max ${sorted.at(-1)})`);
} finally {
  await api.close();
  if (!values.keep) await rm(dir, { recursive: true, force: true });
  else console.log(`kept ${dir}`);
}
appendHistory('snapshot-save');
