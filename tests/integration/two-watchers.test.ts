// Two `pressroom watch` instances for two different sites in one process share nothing: each
// keeps what its builds derived in its own publish session (src/pipeline/session.ts), so edits
// interleaved between the two, their builds running at the same time, publish into each out/
// exactly the bytes a full build of that site's API publishes.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signBody } from '../../src/webhook/signature.ts';
import { build } from '../../src/pipeline/index.ts';
import { randomEdits, type Edit } from '../../src/sample-api/random-edits.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { startWatch, type Watcher } from '../../src/watch/index.ts';
import { treeHashes } from '../helpers/files.ts';
import { ROOT, TEST_NOW, startTestApi, tempDir } from '../helpers/pressroom.ts';
import { WAIT } from '../helpers/wait.ts';

const SECRET = 'two-watchers-secret';
const ROUNDS = 3;

interface Site {
  name: string;
  api: SampleApi;
  out: string;
  env: Record<string, string>;
  watcher: Watcher;
  next: () => Edit;
  builds: number;
}

let tmp: Awaited<ReturnType<typeof tempDir>>;
const sites: Site[] = [];

async function startSite(name: string, seed: number, env: Record<string, string>): Promise<Site> {
  const api = await startTestApi({ posts: 14, seed, today: TEST_NOW });
  const out = join(tmp.dir, name, 'out');
  // The clock comes from the configuration (PRESSROOM_TODAY), so the watcher's builds and the full builds agree on "today".
  const full = { PRESSROOM_TODAY: TEST_NOW, ...env };
  const watcher = await startWatch({
    build: { api: api.url, out, configFile: join(ROOT, 'config/site.json'), env: full, workers: 0 },
    secret: SECRET,
    port: 0,
    pollMs: null,
    debounceMs: 20,
    backoff: { initialMs: 200, maxMs: 800 },
    log: { listening: () => {}, publish: () => {}, failure: () => {}, stopping: () => {} },
  });
  return { name, api, out, env: full, watcher, next: randomEdits(seed, api.corpus, api.mutate), builds: 0 };
}

/** Sends the webhook for `refs`; resolves once that site's watcher has published it and is idle again. */
async function publish(site: Site, refs: readonly string[]): Promise<void> {
  const body = JSON.stringify(refs);
  const res = await fetch(`${site.watcher.url}/hooks/publish`, { method: 'POST', body, headers: { 'x-pressroom-signature-256': signBody(SECRET, body) } });
  expect(res.status).toBe(202);
  site.builds += 1;
  await vi.waitFor(() => {
    const s = site.watcher.status();
    expect(s.counters.failures, `${site.name}: a build failed`).toBe(0);
    expect(s).toMatchObject({ state: 'idle', queue: 0 });
    expect(s.counters.builds).toBeGreaterThanOrEqual(site.builds);
  }, WAIT);
}

/** The files a full build of the site's API publishes now, beside its watched out/. */
async function fullBuild(site: Site, round: number): Promise<Record<string, string>> {
  const out = join(tmp.dir, site.name, `full-${round}`, 'out');
  await build({ api: site.api.url, out, full: true, configFile: join(ROOT, 'config/site.json'), env: site.env, workers: 0, handleSignals: false });
  return treeHashes(out);
}

beforeAll(async () => {
  tmp = await tempDir('pressroom-two-watchers-');
  sites.push(await startSite('first', 11, {}));
  sites.push(await startSite('second', 23, { PRESSROOM_SITE_NAME: 'The Second Wire', PRESSROOM_SITE_URL: 'https://second.example' }));
});

afterAll(async () => {
  for (const s of sites) {
    await s.watcher.close();
    await s.api.close();
  }
  await tmp?.cleanup();
});

describe('two watchers of two sites in one process', () => {
  it('publish interleaved edits, each out/ equal to its own full build after every round', async () => {
    // First publishes: each watcher builds its whole site.
    await Promise.all(sites.map((s) => publish(s, ['categories'])));
    for (let round = 1; round <= ROUNDS; round++) {
      // One edit per site, published at the same time: the two sessions' builds overlap.
      const edits = sites.map((s) => s.next());
      await Promise.all(sites.map((s, i) => publish(s, edits[i]!.refs)));
      for (const site of sites) {
        const [got, want] = [await treeHashes(site.out), await fullBuild(site, round)];
        const differ = Object.keys({ ...got, ...want }).filter((f) => got[f] !== want[f]);
        expect({ site: site.name, round, edits: edits.map((e) => e.label), differ }).toEqual({ site: site.name, round, edits: edits.map((e) => e.label), differ: [] });
      }
    }
    // The two sites are different sites: the second's identity is on its pages, not the first's.
    const [first, second] = await Promise.all(sites.map((s) => treeHashes(s.out)));
    expect(first['index.html']).not.toBe(second['index.html']);
  });
});
