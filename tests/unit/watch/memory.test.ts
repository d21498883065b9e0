// The watcher's memory on /status (src/watch/memory.ts): the process's memory now and the
// lowest RSS since start and since the last publish, sampled by the watcher itself, on
// /status and at each publish; wired into startWatch with a recording build (no API, no site).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signBody } from '../../../src/webhook/signature.ts';
import type { BuildReport } from '../../../src/pipeline/types.ts';
import { watchLog } from '../../../src/watch/log.ts';
import { MemoryWatch } from '../../../src/watch/memory.ts';
import { startWatch, type Watcher, type WatcherStatus } from '../../../src/watch/index.ts';
import { ROOT, tempDir } from '../../helpers/pressroom.ts';

const MB = 1024 * 1024;
/** A reader that answers the RSS values given, in turn (the last one from then on). */
function readings(rss: number[]) {
  let i = 0;
  return () => {
    const r = rss[Math.min(i++, rss.length - 1)]! * MB;
    return { rss: r, heapUsed: r / 2, heapTotal: r / 2 + MB, external: 3 * MB, arrayBuffers: MB };
  };
}

describe('MemoryWatch', () => {
  it('answers the memory now in bytes, with the lowest RSS since start and since the last publish', () => {
    const m = new MemoryWatch(readings([400, 350, 900, 600, 500, 700]));
    expect(m.sample()).toEqual({ rss: 400 * MB, heapUsed: 200 * MB, heapTotal: 201 * MB, external: 3 * MB, arrayBuffers: MB, rssLowSinceStart: 400 * MB, rssLowSincePublish: 400 * MB });
    expect(m.sample()).toMatchObject({ rss: 350 * MB, rssLowSinceStart: 350 * MB, rssLowSincePublish: 350 * MB });
    // A publish at 900 MB: the low since the publish starts again there, the low since start stays.
    m.published();
    expect(m.sample()).toMatchObject({ rss: 600 * MB, rssLowSinceStart: 350 * MB, rssLowSincePublish: 600 * MB });
    expect(m.sample()).toMatchObject({ rss: 500 * MB, rssLowSinceStart: 350 * MB, rssLowSincePublish: 500 * MB });
    expect(m.sample()).toMatchObject({ rss: 700 * MB, rssLowSincePublish: 500 * MB });
  });
});

describe('GET /status of a watcher', () => {
  let watcher: Watcher | undefined;
  let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
  afterAll(async () => {
    await watcher?.close();
    await tmp?.cleanup();
  });

  it('has the memory of the process, and a low point since the last publish at or above the one since start', async () => {
    tmp = await tempDir('pressroom-watch-memory-');
    let published!: () => void;
    const publishedOnce = new Promise<void>((ok) => (published = ok));
    const secret = 'unit-secret';
    watcher = await startWatch({
      build: { api: 'http://127.0.0.1:9', out: join(tmp.dir, 'out'), configFile: join(ROOT, 'config/site.json'), env: {}, workers: 0 },
      secret,
      port: 0,
      pollMs: null,
      runBuild: async () => ({ release: 'r1', incremental: { rendered: 1, reused: 0, deleted: 0 }, warnings: [] }) as unknown as BuildReport,
      // The watcher's own JSON log, read for its publish line (whatever other lines it has).
      log: watchLog({ write: (line: string) => JSON.parse(line).type === 'publish' && published() }, 'json'),
    });
    const status = async () => (await (await fetch(`${watcher!.url}/status`)).json()) as WatcherStatus;
    const first = (await status()).memory;
    for (const k of ['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers', 'rssLowSinceStart', 'rssLowSincePublish'] as const) {
      expect({ k, positive: Number.isInteger(first[k]) && first[k] > 0 }).toEqual({ k, positive: true });
    }
    expect(first.rssLowSinceStart).toBeLessThanOrEqual(first.rss);
    expect(first.heapUsed).toBeLessThanOrEqual(first.heapTotal);

    const body = '["post:1"]';
    expect((await fetch(`${watcher.url}/hooks/publish`, { method: 'POST', body, headers: { 'x-pressroom-signature-256': signBody(secret, body) } })).status).toBe(202);
    await publishedOnce;
    const after = await status();
    expect(after.lastPublish?.release).toBe('r1');
    expect(after.memory.rssLowSincePublish).toBeGreaterThanOrEqual(after.memory.rssLowSinceStart);
    expect(after.memory.rssLowSinceStart).toBeLessThanOrEqual(first.rssLowSinceStart);
    // The watcher's own answer is the same object the server sends.
    expect(Object.keys(watcher.status().memory).sort()).toEqual(Object.keys(after.memory).sort());
  });
});
