// A REF that cannot be fetched (docs/operations.md, "A REF that cannot be fetched"): one webhook
// naming an API path the API answers 404 for, and one naming no endpoint at all, with a real edit
// in the same batch. The batch publishes the edit and the deletion of a deleted post (gone is
// not "cannot be fetched"), leaves the two REFs out, and /status lists them; before, the batch
// failed on every retry and the edit was never published until the next poll.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody } from '../../src/webhook/signature.ts';
import { build } from '../../src/pipeline/index.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { startWatch, type Watcher } from '../../src/watch/index.ts';
import type { ErrorRecord, PublishRecord } from '../../src/watch/queue.ts';
import { ROOT, startTestApi, tempDir } from '../helpers/pressroom.ts';

const SECRET = 'poison-secret';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let watcher: Watcher | undefined;

beforeAll(async () => {
  api = await startTestApi({ posts: 20 });
  tmp = await tempDir('pressroom-watch-poison-');
});
afterAll(async () => {
  await watcher?.close();
  await api?.close();
  await tmp?.cleanup();
});

const exists = (p: string) => readFile(p).then(() => true, () => false);

describe('pressroom watch and a REF that cannot be fetched', () => {
  it('publishes the rest of the batch (an edit, a deletion) and lists the REF on /status, without a failure', async () => {
    const out = join(tmp.dir, 'out');
    const options = { api: api.url, out, configFile: join(ROOT, 'config/site.json'), env: {}, workers: 0 };
    await build({ ...options, handleSignals: false });
    // The first build's outcome, whichever it is: a publish or a failure (which would be retried, with every REF).
    let outcome!: (o: { publish?: PublishRecord; failure?: ErrorRecord }) => void;
    const first = new Promise<{ publish?: PublishRecord; failure?: ErrorRecord }>((ok) => (outcome = ok));
    watcher = await startWatch({
      build: options,
      secret: SECRET,
      port: 0,
      pollMs: null,
      log: { listening: () => {}, publish: (publish) => outcome({ publish }), failure: (failure) => outcome({ failure }), stopping: () => {} },
    });
    const [edited, deleted] = api.corpus.posts.filter((p) => p.status === 'publish');
    const page = (p: typeof edited) => join(out, ...`${api.corpus.categories[p.cat].cat_slug}/${p.name}/index.html`.split('/'));
    expect(await exists(page(deleted))).toBe(true);
    api.mutate.editPost(edited.id, { post_title: 'Published past a REF that cannot be fetched' });
    api.mutate.deletePost(deleted.id);
    const refs = ['/api/author/999999', '/api/no-such/endpoint', `post:${edited.id}`, `post:${deleted.id}`];
    const body = JSON.stringify(refs);
    const r = await fetch(`${watcher.url}/hooks/publish`, { method: 'POST', body, headers: { 'x-pressroom-signature-256': signBody(SECRET, body) } });
    expect(r.status).toBe(202);

    const { publish, failure } = await first;
    expect(failure).toBeUndefined();
    expect(publish!.refs).toEqual(refs);
    expect(await readFile(page(edited), 'utf8')).toContain('Published past a REF that cannot be fetched');
    expect(await exists(page(deleted))).toBe(false);
    const leftOut = [
      { ref: '/api/author/999999', endpoint: 'GET /api/author/999999', reason: 'the API answered 404' },
      { ref: '/api/no-such/endpoint', endpoint: 'GET /api/no-such/endpoint', reason: 'no endpoint of the API contract (docs/api-contract.md) answers this path' },
    ];
    expect(publish!.dropped).toEqual(leftOut);
    const status = watcher.status();
    expect(status).toMatchObject({ state: 'idle', queue: 0, lastError: null, counters: { builds: 1, failures: 0 } });
    expect(status.dropped).toEqual(leftOut.map((d) => ({ ...d, at: publish!.at })));
  });
});
