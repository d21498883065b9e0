// `pressroom watch` over HTTP with real builds against a real sample API
// (docs/operations.md, "Publishing on change"): an unsigned webhook builds
// nothing, an oversized one is refused, a signed one publishes, a burst of 20
// gives at most two builds, and while the API is down the build fails, out/
// stays byte for byte, the watcher keeps answering and the retry publishes once
// the API is back. Last, the real CLI: SIGTERM during a build lets it publish, then exits 0.
import { readdirSync, readFileSync } from 'node:fs';
import { access, readFile } from 'node:fs/promises';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { processHeapGrowth } from '../../src/runtime/heap-growth.ts';
import { signBody } from '../../src/webhook/signature.ts';
import { build, type BuildReport } from '../../src/pipeline/index.ts';
import { outPaths } from '../../src/publish/paths.ts';
import { releasePaths } from '../../src/publish/releases.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { startWatch, type Watcher } from '../../src/watch/index.ts';
import type { WatchStatus } from '../../src/watch/queue.ts';
import { pidAlive } from '../../src/publish/lock.ts';
import { treeHashes } from '../helpers/files.ts';
import { WATCH_SEMI_SPACE_MB } from '../../cli/watch-process.js';
import { patientConfig, ROOT, spawnCli, startTestApi, tempDir, waitForStderr } from '../helpers/pressroom.ts';
import { startGateProxy, type GateProxy } from '../helpers/gate-proxy.ts';

const SECRET = 'integration-secret';
let api: SampleApi;
let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
/** The sample's configuration with a patient crawl deadline: the API answers from this process (tests/helpers/pressroom.ts patientConfig). */
let config: string;
let watcher: Watcher;
/** The watcher above reaches the API through this gate (open unless a test closes it). */
let apiGate: GateProxy;
const logLines: string[] = [];

beforeAll(async () => {
  // Idle connections are kept for the file's length: the connection count below must not depend on
  // how long a story takes on a loaded machine (Node's 5 s default closes idle ones between stories).
  api = await startTestApi({ posts: 20, keepAliveMs: 10 * 60_000 });
  apiGate = await startGateProxy(api.url);
  tmp = await tempDir('pressroom-watch-');
  out = join(tmp.dir, 'out');
  config = await patientConfig(tmp.dir);
  watcher = await startWatch({
    build: { api: apiGate.url, out, configFile: config, env: {}, workers: 0 },
    secret: SECRET,
    port: 0,
    pollMs: null,
    debounceMs: 100,
    backoff: { initialMs: 200, maxMs: 800 },
    log: {
      listening: () => {},
      publish: (p) => void logLines.push(`publish ${JSON.stringify(p.refs)}`),
      failure: (e) => void logLines.push(`failure ${e.code}`),
      stopping: () => {},
    },
  });
});
afterAll(async () => {
  await watcher?.close();
  await apiGate?.stop();
  await api?.close();
  await tmp?.cleanup();
});

const send = (body: string, headers: Record<string, string> = { 'x-pressroom-signature-256': signBody(SECRET, body) }) =>
  fetch(`${watcher.url}/hooks/publish`, { method: 'POST', body, headers });
const status = async (): Promise<WatchStatus> => (await fetch(`${watcher.url}/status`)).json() as Promise<WatchStatus>;

/**
 * Polls /status until `check` holds. No deadline of its own: how long a build takes is the machine's
 * business; a hang is caught by the test's timeout, and the last status seen is kept for its message.
 */
async function until(check: (s: WatchStatus) => boolean, what: string): Promise<WatchStatus> {
  for (;;) {
    const s = await status();
    lastSeen = `${what}: ${JSON.stringify(s)}`;
    if (check(s)) return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}
let lastSeen = '';
afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail' && lastSeen) console.error(`last /status while waiting for ${lastSeen}`);
  lastSeen = '';
});
const settled = (s: WatchStatus) => s.state === 'idle' && s.queue === 0;
const exists = (p: string) => access(p).then(() => true, () => false);

describe('pressroom watch against the sample API', () => {
  it("lets its heap grow by V8's own heuristics from its start, before it reads the saved snapshot", () => {
    // A one-off build's headroom policy would collect in full on each small publish of a heap that is mostly what the session keeps.
    expect(processHeapGrowth.current()).toBe(0);
  });

  it('refuses a webhook with a bad signature (401) and builds nothing', async () => {
    const body = '["post:1"]';
    expect((await send(body, { 'x-pressroom-signature-256': signBody('wrong', body) })).status).toBe(401);
    expect((await send(body, {})).status).toBe(401);
    await new Promise((r) => setTimeout(r, 300)); // longer than the debounce
    const s = await status();
    // Idle, or still warming up from its start on a loaded machine ('preparing' is idle with its warm-up running): no build either way.
    expect(['idle', 'preparing']).toContain(s.state);
    expect(s).toMatchObject({ queue: 0, counters: { builds: 0, webhooks: 0 } });
    expect(await exists(out)).toBe(false);
  });

  it('refuses a body over --max-body (413)', async () => {
    const big = JSON.stringify(Array.from({ length: 90_000 }, (_, i) => `post:${i + 1}`));
    expect(Buffer.byteLength(big)).toBeGreaterThan(1024 * 1024);
    expect((await send(big)).status).toBe(413);
    expect((await status()).counters.webhooks).toBe(0);
  });

  it('publishes on a signed webhook; /status shows the publish and its latency', async () => {
    const r = await send(JSON.stringify(['post:1', '/news/some-slug']));
    expect(r.status).toBe(202);
    expect(await r.json()).toEqual({ accepted: ['post:1', '/news/some-slug'], queued: 2 });
    const s = await until((x) => x.lastPublish !== null && settled(x), 'the first publish');
    expect(s.lastPublish).toMatchObject({ refs: ['post:1', '/news/some-slug'] });
    expect(s.lastPublish!.latencyMs).toBeGreaterThanOrEqual(100);
    expect(s.lastPublish!.latencyMs).toBeGreaterThanOrEqual(s.lastPublish!.durationMs);
    expect(s.lastPublish!.release).toMatch(/^\d{8}T\d{9}Z/);
    expect(s.counters).toEqual({ builds: 1, failures: 0, webhooks: 1 });
    expect(await exists(join(out, 'index.html'))).toBe(true);
    expect(await exists(join(out, 'pressroom-manifest.json'))).toBe(true);
  });

  it('turns a burst of 20 webhooks into at most 2 builds', async () => {
    const before = (await status()).counters.builds;
    // The API waits at the gate until every webhook is answered: a first build cannot end, and a
    // third begin, between two of them, however slowly this machine delivers them.
    apiGate.close();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(JSON.stringify([`post:${i + 1}`]))));
    apiGate.open();
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(202));
    const s = await until((x) => settled(x) && x.counters.webhooks === 21, 'the burst published');
    expect(s.counters.builds - before).toBeGreaterThanOrEqual(1);
    expect(s.counters.builds - before).toBeLessThanOrEqual(2);
    const published = logLines.filter((l) => l.startsWith('publish ')).slice(1).flatMap((l) => JSON.parse(l.slice(8)) as string[]);
    expect(new Set(published)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => `post:${i + 1}`)));
  });

  it('while the API fails: the build fails, out/ is untouched, the watcher answers; once it is back the retry publishes', async () => {
    const before = await treeHashes(out);
    const published = (await status()).lastPublish!.at;
    const logged = logLines.length;
    api.setFaults('error=1');
    try {
      expect((await send('["post:3"]')).status).toBe(202);
      const failing = await until((x) => x.counters.failures >= 2, 'two failed attempts');
      expect(failing.lastError).toMatchObject({ code: 'PR_API_STATUS', refs: ['post:3'] });
      expect(failing.lastError!.attempt).toBeGreaterThanOrEqual(2);
      expect(failing.lastError!.message).toMatch(/The content API answered 503 for GET \/api\//);
      expect(failing.lastPublish!.at).toBe(published);
      expect(await treeHashes(out)).toEqual(before);
      const health = await fetch(`${watcher.url}/healthz`);
      expect([health.status, await health.text()]).toEqual([200, 'ok\n']);
      expect((await send('["post:4"]')).status).toBe(202);
    } finally {
      api.setFaults(null);
    }
    const s = await until((x) => x.lastPublish!.at !== published && settled(x), 'the retry published');
    // Usually one build of both; two when the API came back during a retry of post:3 alone.
    const since = logLines.slice(logged);
    expect(since.filter((l) => l === 'failure PR_API_STATUS').length).toBeGreaterThanOrEqual(2);
    expect(new Set(since.filter((l) => l.startsWith('publish ')).flatMap((l) => JSON.parse(l.slice(8)) as string[]))).toEqual(new Set(['post:3', 'post:4']));
    expect(s.lastError!.code).toBe('PR_API_STATUS');
  });
});

describe('pressroom watch through the CLI', () => {
  it('prints its URL, builds at start (the first poll); SIGTERM during a build lets it publish, then exits 0', async () => {
    // The same out/ as above: the start build is incremental, and the run lock keeps the two watchers apart.
    // The API is behind a gate, so that the signal comes while the build waits on it, on any machine.
    const gate = await startGateProxy(api.url);
    const run = spawnCli(['watch', '--api', gate.url, '--out', out, '--port', '0', '--poll', '1h', '--debounce', '50ms', '--workers', '0', '--log-format', 'json'], { PRESSROOM_WEBHOOK_SECRET: SECRET });
    try {
      await waitForStderr(run, /"type":"publish","refs":"poll"/);
      const url = run.stdout().trim();
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      gate.close();
      const body = '{"refs":["ads"]}';
      const r = await fetch(`${url}/hooks/publish`, { method: 'POST', body, headers: { 'x-hub-signature-256': signBody(SECRET, body) } });
      expect(r.status).toBe(202);
      await gate.held();
      run.child.kill('SIGTERM');
      await waitForStderr(run, /"type":"stopping"/);
      gate.open();
      expect(await run.exit).toEqual({ code: 0, signal: null });
      const events = run.stderr().trim().split('\n').map((l) => JSON.parse(l) as { type: string; refs?: unknown; building?: boolean });
      expect(events.map((e) => e.type)).toEqual(['listening', 'publish', 'stopping', 'publish']);
      expect(events[2].building).toBe(true);
      expect(events[3].refs).toEqual(['ads']);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      gate.open();
      await gate.stop();
    }
  });

  it('runs in a child process with a 64 MB semi-space (docs/decisions/0093-heap-and-gc.md), which stops when the parent is killed', async () => {
    const run = spawnCli(['watch', '--api', api.url, '--out', out, '--port', '0', '--poll', '1h', '--workers', '0', '--log-format', 'json'], { PRESSROOM_WEBHOOK_SECRET: SECRET });
    let child: number | undefined;
    try {
      await waitForStderr(run, /"type":"publish","refs":"poll"/);
      child = childrenOf(run.child.pid!)[0];
      expect(child).toBeDefined();
      const args = (await readFile(`/proc/${child}/cmdline`, 'utf8')).split('\0');
      expect(args).toContain(`--max-semi-space-size=${WATCH_SEMI_SPACE_MB}`);
      expect(args.slice(args.indexOf('watch'))).toContain('--api');
      // The watcher answers from the child.
      expect((await fetch(`${run.stdout().trim()}/healthz`)).status).toBe(200);
      run.child.kill('SIGKILL');
      await run.exit;
      // Its channel to the parent closed: it stops as on SIGTERM (no build runs, so at once).
      while (pidAlive(child)) await new Promise((ok) => setTimeout(ok, 50));
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
      if (child !== undefined && pidAlive(child)) process.kill(child, 'SIGKILL');
    }
  });
});

/** The pids of a process's children (Linux: /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        // Field 4 of /proc/PID/stat is the parent's pid; the name (field 2) is in parentheses and may hold spaces.
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** A watcher on `out` over the API at `base`, with no poll and a silent log (the tests below). */
const quietWatcher = (base: string, out: string) =>
  startWatch({
    build: { api: base, out, configFile: config, env: {}, workers: 0 },
    secret: SECRET,
    port: 0,
    pollMs: null,
    log: { listening: () => {}, publish: () => {}, failure: () => {}, stopping: () => {} },
  });

/** Edits the first published post to `title`, sends its signed webhook to `w` and waits for the build it starts to settle. */
async function storyThrough(w: Watcher, title: string): Promise<WatchStatus> {
  const read = async () => (await (await fetch(`${w.url}/status`)).json()) as WatchStatus;
  const post = api.corpus.posts.find((p) => p.status === 'publish')!;
  api.mutate.editPost(post.id, { post_title: title });
  const body = JSON.stringify([`post:${post.id}`]);
  const builds = (await read()).counters.builds;
  expect((await fetch(`${w.url}/hooks/publish`, { method: 'POST', body, headers: { 'x-pressroom-signature-256': signBody(SECRET, body) } })).status).toBe(202);
  let s: WatchStatus;
  do {
    await new Promise((r) => setTimeout(r, 50));
    s = await read();
  } while (!(s.counters.builds > builds && s.state === 'idle' && s.queue === 0));
  return s;
}

describe('pressroom watch over a site a one-off build published', () => {
  it('makes the spare tree at start (docs/decisions/0063-one-off-build-no-spare.md), so its first publish only brings it up to date by the diff', async () => {
    const own = join(tmp.dir, 'one-off', 'out');
    await build({ api: api.url, out: own, configFile: config, env: {}, workers: 0, handleSignals: false, full: true });
    expect(await exists(outPaths(own).spare)).toBe(false);
    const w = await quietWatcher(api.url, own);
    try {
      const before = await treeHashes(own);
      const s = await storyThrough(w, 'Published by a watcher that found no spare');
      expect(s.lastPublish).not.toBeNull();
      const report = JSON.parse(await readFile(releasePaths(own, s.lastPublish!.release).report, 'utf8')) as BuildReport;
      expect(report.incremental.publish).toBe('diff');
      expect(await treeHashes(outPaths(own).spare)).toEqual(before);
    } finally {
      await w.close();
    }
  });
});

describe('pressroom watch and the API connections', () => {
  it('keeps its connections to the API between publishes: a story reuses those the start-up and the last story opened', async () => {
    // A TCP relay in front of the API that counts the connections made to it.
    let opened = 0;
    const relay = createNetServer((client) => {
      opened += 1;
      const upstream = connect(api.port, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      const end = () => (client.destroy(), upstream.destroy());
      client.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    });
    await new Promise<void>((ok) => relay.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
    const own = join(tmp.dir, 'relayed', 'out');
    await build({ api: base, out: own, configFile: config, env: {}, workers: 0, handleSignals: false, full: true });
    const w = await quietWatcher(base, own);
    try {
      expect((await storyThrough(w, 'A first story through the relay')).lastError).toBeNull();
      const afterFirst = opened;
      expect((await storyThrough(w, 'A second story through the relay')).lastError).toBeNull();
      expect((await storyThrough(w, 'A third story through the relay')).lastError).toBeNull();
      // A client of its own per build opened crawl.concurrency (16) new connections per story; kept
      // ones none, but where a story runs more requests at once than any before it did.
      expect(opened - afterFirst).toBeLessThan(4);
    } finally {
      await w.close();
      await new Promise((ok) => relay.close(ok));
    }
  });
});
