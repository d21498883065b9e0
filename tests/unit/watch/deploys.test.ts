// The watcher's deploys (src/watch/deploys.ts): a target that fails is retried on its own with
// backoff while the others are deployed, a publish meanwhile only marks it pending, and /status
// shows each target's release, error and whether it is behind. Real command targets (sh -c) on a
// release written as the publish stage writes it; the timers are the test's.
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PurgeReport } from '../../../src/deploy/index.ts';
import { newDeployKept } from '../../../src/deploy/kept.ts';
import { objectFile } from '../../../src/publish/paths.ts';
import { purgePaths } from '../../../src/deploy/purge/urls.ts';
import { readReleaseFiles } from '../../../src/publish/manifest.ts';
import { readRecord, releasePaths, setCurrentRelease } from '../../../src/publish/releases.ts';
import { WatchDeploys, type DeployLogLine } from '../../../src/watch/deploys.ts';
import { tempDir } from '../../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
beforeEach(async () => {
  tmp = await tempDir('pressroom-watch-deploys-');
  out = join(tmp.dir, 'out');
});
afterEach(() => tmp.cleanup());

async function put(bytes: string): Promise<string> {
  const h = createHash('sha256').update(bytes).digest('hex');
  await mkdir(join(objectFile(out, h), '..'), { recursive: true });
  await writeFile(objectFile(out, h), bytes);
  return h;
}

async function release(id: string, files: Record<string, string>): Promise<void> {
  const entries = [];
  for (const [path, bytes] of Object.entries(files)) entries.push({ path, sha256: await put(bytes), size: bytes.length });
  const manifest = await put(JSON.stringify({ version: 1, files: entries }));
  await mkdir(releasePaths(out, id).dir, { recursive: true });
  await writeFile(releasePaths(out, id).record, JSON.stringify({ manifest, parent: null, changed: null, precompress: false }));
  await setCurrentRelease(out, id);
}

/** Timers the test fires by hand. */
function manualTimers() {
  let now = 1_000_000;
  const pending = new Map<number, { at: number; fn: () => void }>();
  let next = 0;
  return {
    now: () => now,
    setTimeout: (fn: () => void, ms: number) => (pending.set(++next, { at: now + ms, fn }), next),
    clearTimeout: (h: unknown) => void pending.delete(h as number),
    advance(ms: number) {
      now += ms;
      for (const [h, t] of [...pending]) if (t.at <= now) (pending.delete(h), t.fn());
    },
    /** Fires the timers due within `ms` without moving the clock: a timer that comes early. */
    fireEarly(ms: number) {
      for (const [h, t] of [...pending]) if (t.at <= now + ms) (pending.delete(h), t.fn());
    },
    get armed() {
      return pending.size;
    },
  };
}

/** WatchDeploys on the test's timers, with a log whose `logged(n)` resolves once it has n lines (one per deploy of a target). */
function watchDeploys(timers: ReturnType<typeof manualTimers>, deploy: { name: string; type: 'command'; run: string }[]) {
  const lines: DeployLogLine[] = [];
  let waiter: { n: number; ok: () => void } | undefined;
  const logged = (n: number) => new Promise<void>((ok) => (lines.length >= n ? ok() : (waiter = { n, ok })));
  const deploys = new WatchDeploys({
    out,
    config: { deploy, purge: [], shrinkGate: 0.1, site: { url: 'https://news.example.com', basePath: '' } },
    session: newDeployKept(),
    backoff: { initialMs: 1000, maxMs: 8000 },
    timers,
    log: (l) => {
      lines.push(l);
      if (waiter && lines.length >= waiter.n) waiter.ok();
    },
  });
  return { deploys, lines, logged };
}

describe('the watcher\'s deploys', () => {
  it('retries a failing target with backoff, alone, and shows it on /status', async () => {
    await release('20260115T120000000Z', { 'index.html': 'home' });
    const flag = join(tmp.dir, 'up');
    const timers = manualTimers();
    const { deploys, lines, logged } = watchDeploys(timers, [
      { name: 'ok', type: 'command', run: 'true' },
      { name: 'flaky', type: 'command', run: `test -f ${flag}` },
    ]);
    deploys.published();
    await logged(2);
    expect(lines.map((l) => [l.report.name, l.report.error?.code ?? 'ok'])).toEqual([
      ['ok', 'ok'],
      ['flaky', 'PR_DEPLOY_TARGET'],
    ]);
    const status = deploys.status();
    expect(status.ok).toMatchObject({ release: '20260115T120000000Z', pending: false });
    expect(status.flaky).toMatchObject({ release: null, pending: true, error: { code: 'PR_DEPLOY_TARGET', attempt: 1 } });
    expect(lines[1].retryInMs).toBe(1000);

    // Still down: the second attempt waits twice as long.
    timers.advance(1000);
    await logged(3);
    expect(lines.at(-1)).toMatchObject({ attempt: 2, retryInMs: 2000 });

    // Up again: the next attempt deploys it, and only it.
    await writeFile(flag, '');
    timers.advance(2000);
    await logged(4);
    await deploys.close();
    expect(lines.slice(3).map((l) => [l.report.name, l.report.error?.code ?? 'ok'])).toEqual([['flaky', 'ok']]);
    expect(deploys.status().flaky).toEqual({ release: '20260115T120000000Z', at: expect.any(String), pending: false });
  });

  it('retries a target whose retry timer fired before its time by the clock', async () => {
    await release('20260115T120000000Z', { 'index.html': 'home' });
    const flag = join(tmp.dir, 'up');
    const timers = manualTimers();
    const { deploys, lines, logged } = watchDeploys(timers, [{ name: 'flaky', type: 'command', run: `test -f ${flag}` }]);
    deploys.published();
    await logged(1);
    expect(lines[0]).toMatchObject({ attempt: 1, retryInMs: 1000 });
    await writeFile(flag, '');
    // The timer fires 1 ms before its time by the clock: nothing is due yet, and a timer must be
    // armed again for the rest (the loop runs on the next turns of the event loop).
    timers.advance(999);
    expect(timers.armed).toBe(1);
    timers.fireEarly(1);
    for (let i = 0; i < 100 && timers.armed === 0; i++) await new Promise<void>((ok) => setImmediate(ok));
    expect(timers.armed).toBe(1);
    expect(lines).toHaveLength(1);
    timers.advance(1);
    await logged(2);
    await deploys.close();
    expect(lines[1].report.error).toBeUndefined();
    expect(deploys.status().flaky).toEqual({ release: '20260115T120000000Z', at: expect.any(String), pending: false });
  });

  it('logs each purge after the deploy, and a purge the cache refuses with its error', async () => {
    await release('20260115T120000000Z', { 'index.html': 'home', 'news/a/index.html': 'a' });
    // A cache that accepts PURGE of the home page only.
    const cache = createServer((req, res) => res.writeHead(req.url === '/' || req.url === '/index.html' ? 200 : 405).end());
    await new Promise<void>((ok) => cache.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(cache.address() as AddressInfo).port}`;
    const purges: PurgeReport[] = [];
    let done: () => void = () => {};
    const logged = new Promise<void>((ok) => (done = ok));
    const deploys = new WatchDeploys({
      out,
      config: {
        deploy: [{ name: 'ok', type: 'command', run: 'true' }],
        purge: [
          { name: 'home-only', type: 'http', url },
          { name: 'never', type: 'http', url, after: 'elsewhere' },
        ],
        shrinkGate: 0.1,
        site: { url: 'https://news.example.com', basePath: '' },
      },
      session: newDeployKept(),
      backoff: { initialMs: 1000, maxMs: 8000 },
      timers: manualTimers(),
      log: () => {},
      logPurge: (r) => {
        purges.push(r);
        done();
      },
    });
    try {
      deploys.published();
      await logged;
      await deploys.close();
    } finally {
      cache.closeAllConnections();
      await new Promise((ok) => cache.close(ok));
    }
    // The purge that follows no target of this deploy is skipped, and not logged.
    // Every path of the release (a first deploy): its files in each form a reader requests them.
    const files = await readReleaseFiles(out, (await readRecord(out, '20260115T120000000Z'))!.manifest);
    const paths = purgePaths([...files.keys()], { basePath: '' }).length;
    expect(paths).toBeGreaterThanOrEqual(5);
    expect(purges).toEqual([expect.objectContaining({ name: 'home-only', type: 'http', paths, error: expect.objectContaining({ code: 'PR_DEPLOY_PURGE' }) })]);
  });
});
