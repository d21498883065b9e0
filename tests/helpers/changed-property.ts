// The property of change-driven builds (docs/operations.md, "Publishing on change").
// The property: from a full build, a seeded random sequence of edits, each
// followed by a build that names only what the webhook named, publishes after
// every step exactly the bytes a full build of the same API state publishes,
// and it gets there by re-reading a fraction of the API (no fallback to the
// whole crawl). Used by tests/integration/changed-*.test.ts, one seed a file so
// they run in parallel; PRESSROOM_CHANGED_SEEDS / _STEPS / _POSTS run more.
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRef } from '../../src/webhook/refs.ts';
import { build, rehearse, snapshotDirFor, type BuildOptions, type BuildReport } from '../../src/pipeline/index.ts';
import { loadPrevious } from '../../src/pipeline/snapshot.ts';
import { PublishSession } from '../../src/pipeline/session.ts';
import { randomEdits } from '../../src/sample-api/random-edits.ts';
import { startSampleApi } from '../../src/sample-api/index.ts';
import { treeHashes } from './files.ts';
import { testDir } from './temp.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NOW = '2026-01-15T12:00:00Z';
const STEPS = Number(process.env.PRESSROOM_CHANGED_STEPS ?? 40);
const POSTS = Number(process.env.PRESSROOM_CHANGED_POSTS ?? 12);

/** One published step of the change-driven run, with the tree before it, for a file's own checks. */
export interface PublishedStep {
  step: number;
  label: string;
  before: Record<string, string>;
  after: Record<string, string>;
  report: BuildReport;
}

interface PropertyOptions {
  /** The corpus size (default PRESSROOM_CHANGED_POSTS, else 12). */
  posts?: number;
  /** Edits a seed (default PRESSROOM_CHANGED_STEPS, else 40). */
  steps?: number;
  /** Checks of the file's own on every step the change-driven builds published. */
  afterStep?: (s: PublishedStep) => void;
}

/** The property for each seed (PRESSROOM_CHANGED_SEEDS=1,2,3 overrides the file's seeds). */
export function changedProperty(defaultSeeds: number[], options: PropertyOptions = {}): void {
  const seeds = process.env.PRESSROOM_CHANGED_SEEDS ? process.env.PRESSROOM_CHANGED_SEEDS.split(',').map(Number) : defaultSeeds;
  const steps = options.steps ?? STEPS;
  describe.each(seeds)('change-driven builds equal full builds (seed %i)', (seed) => {
    it(`after each of ${steps} random edits`, () => run(seed, { ...options, steps, posts: options.posts ?? POSTS }));
  });
}

async function run(seed: number, { posts: POSTS, steps: STEPS, afterStep }: PropertyOptions & { posts: number; steps: number }): Promise<void> {
  const root = await testDir('pressroom-changed-');
  const configFile = join(ROOT, 'config/site.json');
  // First the change-driven builds, one after another with nothing between them, as pressroom watch
  // runs them (what a process keeps from build to build is patched by each change: a full build
  // between two of them, without the session, would not use it; src/pipeline/session.ts); each step's tree is recorded.
  const api = await startSampleApi({ posts: POSTS, seed, today: NOW });
  const port = api.port;
  const published: { label: string; categories: boolean; tree: Record<string, string>; fallback: string | null; refetched: number }[] = [];
  try {
    const base: BuildOptions = { api: api.url, now: NOW, configFile, env: {}, handleSignals: false, workers: 0 };
    const out = join(root, 'live', 'out');
    await build({ ...base, out });
    // One session for every change-driven build (src/watch/index.ts), started from the saved snapshot and a rehearsal.
    const session = new PublishSession({ previous: await loadPrevious(snapshotDirFor({ out })) });
    await rehearse({ ...base, out, session });
    const next = randomEdits(seed, api.corpus, api.mutate);
    let before = await treeHashes(out);
    for (let step = 1; step <= STEPS; step++) {
      const edit = next();
      const r = await build({ ...base, out, session, changed: edit.refs.map(parseRef) });
      const tree = await treeHashes(out);
      published.push({ label: edit.label, categories: edit.refs.includes('categories'), tree, fallback: r.changed?.fallback ?? null, refetched: r.changed?.refetched ?? Infinity });
      afterStep?.({ step, label: edit.label, before, after: tree, report: r });
      before = tree;
    }
  } finally {
    await api.close();
  }
  // Then the same edits on a second sample API of the same seed, on the same address (it is in the
  // manifest), with a full build after each: the bytes each change-driven build published.
  const twin = await startSampleApi({ posts: POSTS, seed, today: NOW, port });
  try {
    const base: BuildOptions = { api: twin.url, now: NOW, configFile, env: {}, handleSignals: false, workers: 0 };
    const replay = randomEdits(seed, twin.corpus, twin.mutate);
    for (const [i, was] of published.entries()) {
      const step = i + 1;
      const edit = replay();
      expect({ step, edit: edit.label }).toEqual({ step, edit: was.label });
      const full = join(root, `full-${step}`, 'out');
      const reference = await build({ ...base, out: full, full: true });
      const want = await treeHashes(full);
      const differ = Object.keys({ ...was.tree, ...want }).filter((f) => was.tree[f] !== want[f]);
      expect({ step, edit: edit.label, differ }).toEqual({ step, edit: edit.label, differ: [] });
      // Targeted, not the whole crawl again: under half of it, or, for a sub-category
      // change (which re-reads every post it listed, most of a 12-post corpus), less than all of it.
      expect({ step, fallback: was.fallback }).toEqual({ step, fallback: null });
      const share = was.categories ? 1 : 0.5;
      expect({ step, edit: edit.label, under: was.refetched < reference.requests * share }).toEqual({ step, edit: edit.label, under: true });
      await rm(join(root, `full-${step}`), { recursive: true, force: true });
    }
  } finally {
    await twin.close();
  }
}
