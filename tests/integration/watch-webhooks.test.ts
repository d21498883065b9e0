// Who can make `pressroom watch` publish (docs/decisions/0104-signed-webhook-timestamps.md; docs/operations.md,
// "Signing a webhook"), with real builds against a real sample API: a captured
// timestamped webhook sent again is refused and builds nothing, a wrong secret
// is a log line naming the reason and the address, and through the CLI
// --require-timestamp and --signature-tolerance refuse what they say, logged as
// JSON lines.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signBody, signTimestamped } from '../../src/webhook/signature.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { startWatch, type Watcher } from '../../src/watch/index.ts';
import { watchLog } from '../../src/watch/log.ts';
import type { WatchStatus } from '../../src/watch/queue.ts';
import { ROOT, spawnCli, startTestApi, tempDir, waitForStderr } from '../helpers/pressroom.ts';

const SECRET = 'replay-secret';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let watcher: Watcher;
const lines: string[] = [];
const waiters: { re: RegExp; ok: () => void }[] = [];

/** Resolves once the watcher's log has a line matching `re`. */
const logged = (re: RegExp) => new Promise<void>((ok) => (lines.some((l) => re.test(l)) ? ok() : waiters.push({ re, ok })));

beforeAll(async () => {
  api = await startTestApi({ posts: 12 });
  tmp = await tempDir('pressroom-watch-hooks-');
  const log = watchLog({
    write: (s: string) => {
      lines.push(s);
      for (const w of waiters.filter((x) => x.re.test(s))) (waiters.splice(waiters.indexOf(w), 1), w.ok());
    },
  }, 'text');
  watcher = await startWatch({
    build: { api: api.url, out: join(tmp.dir, 'out'), configFile: join(ROOT, 'config/site.json'), env: {}, workers: 0 },
    secret: SECRET,
    port: 0,
    pollMs: null,
    log,
  });
});
afterAll(async () => {
  await watcher?.close();
  await api?.close();
  await tmp?.cleanup();
});

const status = async () => (await (await fetch(`${watcher.url}/status`)).json()) as WatchStatus & { rejected: Record<string, number> };
const post = (body: string, headers: Record<string, string>) => fetch(`${watcher.url}/hooks/publish`, { method: 'POST', body, headers });

describe('pressroom watch refuses replayed and forged webhooks', () => {
  it('logs a wrong-secret webhook with its reason and the address it came from, and builds nothing', async () => {
    const body = '["post:1"]';
    const r = await post(body, { 'x-pressroom-signature-256': signBody('not-the-secret', body) });
    expect(r.status).toBe(401);
    expect(lines).toContain('rejected a request from 127.0.0.1: bad signature (401)\n');
    expect(await status()).toMatchObject({ queue: 0, counters: { builds: 0, webhooks: 0 }, rejected: { signature: 1 } });
  });

  it('publishes a captured timestamped webhook once: sent again it is refused (409), logged, and no second build happens', async () => {
    const body = JSON.stringify(['post:1']);
    const ts = String(Math.floor(Date.now() / 1000));
    const captured = { 'x-pressroom-timestamp': ts, 'x-pressroom-signature-256': signTimestamped(SECRET, ts, body), 'x-pressroom-delivery': 'cms-42' };
    const published = logged(/^published 1 ref /);
    expect((await post(body, captured)).status).toBe(202);
    await published;
    const replay = await post(body, captured);
    expect(replay.status).toBe(409);
    expect((await replay.json()).error).toMatch(/^replayed: /);
    // A fresh delivery id on the captured request changes nothing: the signature is remembered.
    expect((await post(body, { ...captured, 'x-pressroom-delivery': 'cms-43' })).status).toBe(409);
    expect(lines.filter((l) => l === 'rejected a request from 127.0.0.1: replayed (409)\n')).toHaveLength(2);
    // Refused before it is queued: nothing pending, one webhook and one build in all.
    expect(await status()).toMatchObject({ state: 'idle', queue: 0, counters: { builds: 1, webhooks: 1 }, rejected: { replayed: 2 } });
  });
});

describe('pressroom watch --require-timestamp --signature-tolerance through the CLI', () => {
  it('refuses a body-only signature and a timestamp older than the tolerance, each a JSON log line with reason and address', async () => {
    const run = spawnCli(['watch', '--api', api.url, '--out', join(tmp.dir, 'cli-out'), '--port', '0', '--poll', 'off', '--workers', '0', '--require-timestamp', '--signature-tolerance', '1m', '--log-format', 'json'], { PRESSROOM_WEBHOOK_SECRET: SECRET });
    try {
      await waitForStderr(run, /"type":"listening".*\n/);
      // The listening line names the endpoint (the URL on stdout may come a moment later).
      const hook = (JSON.parse(run.stderr().split('\n')[0]) as { url: string }).url;
      const body = '["ads"]';
      const bodyOnly = await fetch(hook, { method: 'POST', body, headers: { 'x-hub-signature-256': signBody(SECRET, body) } });
      expect(bodyOnly.status).toBe(401);
      expect((await bodyOnly.json()).error).toMatch(/^missing timestamp: .*--require-timestamp/);
      // Two minutes old: within the default 5 minutes, outside the 1 minute given.
      const old = String(Math.floor(Date.now() / 1000) - 120);
      const stale = await fetch(hook, { method: 'POST', body, headers: { 'x-pressroom-timestamp': old, 'x-pressroom-signature-256': signTimestamped(SECRET, old, body) } });
      expect(stale.status).toBe(401);
      expect((await stale.json()).error).toMatch(/^stale timestamp: .*more than the 60 s allowed/);
      await waitForStderr(run, /"reason":"stale timestamp"/);
      run.child.kill('SIGTERM');
      expect(await run.exit).toEqual({ code: 0, signal: null });
      const rejected = run.stderr().trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>).filter((e) => e.type === 'rejected');
      expect(rejected.map(({ reason, status, address }) => ({ reason, status, address }))).toEqual([
        { reason: 'missing timestamp', status: 401, address: '127.0.0.1' },
        { reason: 'stale timestamp', status: 401, address: '127.0.0.1' },
      ]);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });
});
