// pressroom watch deploys after each publish (docs/deploying.md, "Deploy targets"): a webhook's
// edit is published, then sent to an rsync folder; a target that is down shows its error on
// /status and is retried with backoff without holding back the publish or the other target, and
// catches up once it is back. The log has a line per deploy.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { startWatch, type Watcher, type WatcherStatus } from '../../src/watch/index.ts';
import { signBody } from '../../src/webhook/signature.ts';
import { treeHashes } from '../helpers/files.ts';
import { buildInto, ROOT, startTestApi, tempDir } from '../helpers/pressroom.ts';

const SECRET = 'deploy-watch-secret';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let watcher: Watcher;
const lines: string[] = [];

async function siteTree(root: string): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await treeHashes(root)).filter(([p]) => !p.startsWith('.pressroom/')));
}

beforeAll(async () => {
  api = await startTestApi({ posts: 16, keepAliveMs: 10 * 60_000 });
  tmp = await tempDir('pressroom-deploy-watch-');
  const site = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
  const configFile = join(tmp.dir, 'site.json');
  await writeFile(
    configFile,
    JSON.stringify({ ...site, $schema: undefined, deploy: [{ name: 'box', type: 'rsync', dest: join(tmp.dir, 'www') }, { name: 'flaky', type: 'command', run: `test -f ${join(tmp.dir, 'up')}` }] }),
  );
  await buildInto(tmp.dir, { api: api.url, configFile, handleSignals: false, workers: 0 });
  watcher = await startWatch({
    build: { api: api.url, out: join(tmp.dir, 'out'), configFile, env: {}, workers: 0 },
    secret: SECRET,
    port: 0,
    pollMs: null,
    backoff: { initialMs: 200, maxMs: 400 },
    log: { listening: () => {}, publish: () => {}, failure: () => {}, stopping: () => {}, deploy: (l) => void lines.push(`${l.report.name} ${l.report.error?.code ?? 'ok'} ${l.report.release}`) },
  });
});
afterAll(async () => {
  await watcher?.close();
  await api?.close();
  await tmp?.cleanup();
});

const status = async (): Promise<WatcherStatus> => (await fetch(`${watcher.url}/status`)).json() as Promise<WatcherStatus>;
/** Polls /status until `check` holds (no deadline of its own: a hang is the test timeout's). */
async function until(check: (s: WatcherStatus) => boolean): Promise<WatcherStatus> {
  for (;;) {
    const s = await status();
    if (check(s)) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('watch deploys after each publish', () => {
  it('sends the edit to the target that is up, retries the one that is down, and both catch up', async () => {
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: 'Deployed by the watcher' });
    const body = JSON.stringify([`post:${post.id}`]);
    expect((await fetch(`${watcher.url}/hooks/publish`, { method: 'POST', body, headers: { 'x-pressroom-signature-256': signBody(SECRET, body) } })).status).toBe(202);
    const published = await until((s) => s.lastPublish !== null);
    const release = published.lastPublish!.release;
    const s = await until((x) => x.deploy?.box.release === release && x.deploy?.flaky.error !== undefined);
    expect(s.deploy!.flaky).toMatchObject({ pending: true, error: { code: 'PR_DEPLOY_TARGET' } });
    expect(await siteTree(join(tmp.dir, 'www'))).toEqual(await siteTree(join(tmp.dir, 'out')));
    expect(lines).toContain(`box ok ${release}`);

    // Back up: its next retry deploys it.
    await writeFile(join(tmp.dir, 'up'), '');
    const caught = await until((x) => x.deploy?.flaky.release === release);
    expect(caught.deploy!.flaky).toEqual({ release, at: expect.any(String), pending: false });
    expect(lines.filter((l) => l.startsWith('flaky PR_DEPLOY_TARGET')).length).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(`flaky ok ${release}`);
  });
});
