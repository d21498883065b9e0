// The property of change-driven builds (docs/operations.md, "Publishing on change").
// The property: from a full build, a seeded random sequence of edits, each
// followed by a build that names only what the webhook named, publishes after
// every step exactly the bytes a full build of the same API state publishes,
// and it gets there by re-reading a fraction of the API (no fallback to the
// whole crawl). Used by tests/integration/changed-*.test.ts, one seed a file so
// they run in parallel; PRESSROOM_CHANGED_SEEDS / _STEPS / _POSTS run more.
// With `batch`, each build takes several edits at once, with the union of their
// REFs, as pressroom watch builds once for every REF named while it was busy
// (tests/integration/changed-batch.test.ts). With `process: 'fresh'`, every
// change-driven build is a new `pressroom build --changed` process, as cron and CI
// run it (./changed-builds.ts; tests/integration/changed-cold.test.ts).
import { rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, type BuildOptions, type BuildReport } from '../../src/pipeline/index.ts';
import { int, rngFor } from '../../src/sample-api/prng.ts';
import { randomEdits, type Edit } from '../../src/sample-api/random-edits.ts';
import { startSampleApi } from '../../src/sample-api/index.ts';
import { startChangeBuilds, type BuildProcess } from './changed-builds.ts';
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
  /** Change-driven builds a seed (default PRESSROOM_CHANGED_STEPS, else 40). */
  steps?: number;
  /**
   * Edits each build takes at once, with the union of their REFs (pressroom watch's batch): a
   * count, or [min, max] drawn for each build from the seed. Default 1: one edit a build.
   */
  batch?: number | readonly [number, number];
  /** The kinds of edit drawn (src/sample-api/random-edits.ts; default every kind, ALL_EDITS). */
  makers?: Parameters<typeof randomEdits>[3];
  /** Checks of the file's own on every step the change-driven builds published. */
  afterStep?: (s: PublishedStep) => void;
  /** Where the change-driven builds run (./changed-builds.ts): 'warm', one process and session (default), or 'fresh', a new process each. */
  process?: BuildProcess;
}

/** The property for each seed (PRESSROOM_CHANGED_SEEDS=1,2,3 overrides the file's seeds). */
export function changedProperty(defaultSeeds: number[], options: PropertyOptions = {}): void {
  const seeds = process.env.PRESSROOM_CHANGED_SEEDS ? process.env.PRESSROOM_CHANGED_SEEDS.split(',').map(Number) : defaultSeeds;
  const steps = options.steps ?? STEPS;
  const batch = options.batch ?? 1;
  const what = batch === 1 ? `${steps} random edits` : `${steps} batches of ${typeof batch === 'number' ? batch : batch.join('-')} random edits`;
  const fresh = options.process === 'fresh' ? ', each in a fresh process' : '';
  describe.each(seeds)(`change-driven builds${fresh} equal full builds (seed %i)`, (seed) => {
    it(`after each of ${what}`, () => run(seed, { ...options, steps, batch, posts: options.posts ?? POSTS }));
  });
}

/**
 * The seed's edits a build at a time: each call applies the next batch and returns it as one
 * edit (the labels joined, the union of the REFs). The same for a seed, so the full builds' twin replays it.
 */
function batches(seed: number, next: () => Edit, batch: number | readonly [number, number]): () => Edit {
  if (batch === 1) return next;
  const sizes = rngFor(seed, 'changed-batch');
  return () => {
    const n = typeof batch === 'number' ? batch : int(sizes, batch[0], batch[1]);
    const edits = Array.from({ length: n }, next);
    return { label: edits.map((e) => e.label).join('; '), refs: [...new Set(edits.flatMap((e) => e.refs))] };
  };
}

async function run(seed: number, { posts: POSTS, steps: STEPS, batch, makers, afterStep, process: where = 'warm' }: PropertyOptions & { posts: number; steps: number; batch: number | readonly [number, number] }): Promise<void> {
  const root = await testDir('pressroom-changed-');
  const configFile = join(ROOT, 'config/site.json');
  // First the change-driven builds, one after another with nothing between them, as pressroom watch
  // runs them (what a process keeps from build to build is patched by each change: a full build
  // between two of them, without the session, would not use it; src/pipeline/session.ts), or as
  // fresh processes run them from what is on disk; each step's tree is recorded.
  const api = await startSampleApi({ posts: POSTS, seed, today: NOW });
  const port = api.port;
  const published: { label: string; categories: boolean; tree: Record<string, string>; fallback: string | null; refetched: number }[] = [];
  try {
    const out = join(root, 'live', 'out');
    const publish = await startChangeBuilds(where, { api: api.url, out, now: NOW, configFile });
    const next = batches(seed, randomEdits(seed, api.corpus, api.mutate, makers), batch);
    let before = await treeHashes(out);
    for (let step = 1; step <= STEPS; step++) {
      const edit = next();
      const r = await publish(edit.refs);
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
    const replay = batches(seed, randomEdits(seed, twin.corpus, twin.mutate, makers), batch);
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
      // change (which re-reads every post it listed, most of a 12-post corpus) or a batch (whose
      // edits together touch most of one), less than all of it. A batch may fall back to the whole
      // conditional crawl (always correct): one post moved out of a listing and another into it
      // leave its count as it was, and the crawl cannot tell where the first went (src/crawl/changed.ts).
      if (batch === 1 || was.fallback === null) {
        expect({ step, fallback: was.fallback }).toEqual({ step, fallback: null });
        const share = was.categories || batch !== 1 ? 1 : 0.5;
        expect({ step, edit: edit.label, under: was.refetched < reference.requests * share }).toEqual({ step, edit: edit.label, under: true });
      }
      await rm(join(root, `full-${step}`), { recursive: true, force: true });
    }
  } finally {
    await twin.close();
  }
}
