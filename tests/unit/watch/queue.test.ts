// The watcher's scheduler (src/watch/queue.ts) on a fake clock with builds the
// test finishes by hand: coalescing, the debounce, back-off, REFs kept across a
// failure, the poll, and the status it reports. No server, no site.
import { describe, expect, it } from 'vitest';
import { pressroomError } from '../../../src/errors/errors.ts';
import { parseRef, type Ref } from '../../../src/webhook/refs.ts';
import type { BuildReport } from '../../../src/pipeline/types.ts';
import { backoffDelay, DROPPED_KEPT, type BuildScope, type ErrorRecord, type PublishRecord, type QueueOptions, type Timers, WatchQueue } from '../../../src/watch/queue.ts';

const flush = () => new Promise<void>((r) => setImmediate(r));

/** Timers that move only when the test says so. */
class FakeClock implements Timers {
  t = 1_000_000;
  private q: { at: number; fn: () => void; id: number }[] = [];
  private id = 0;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    this.q.push({ at: this.t + ms, fn, id: ++this.id });
    return this.id;
  };
  clearTimeout = (id: unknown) => void (this.q = this.q.filter((x) => x.id !== id));
  /** Runs every timer due within `ms`, in order, letting promises settle between them. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      await flush();
      const due = this.q.filter((x) => x.at <= end).sort((a, b) => a.at - b.at || a.id - b.id)[0];
      if (!due) break;
      this.q = this.q.filter((x) => x !== due);
      this.t = due.at;
      due.fn();
    }
    this.t = end;
    await flush();
  }
}

const report = (release: string): BuildReport =>
  ({ release, warnings: [{ code: 'W_SLUG', message: 'one' }], incremental: { mode: 'incremental', rendered: 4, reused: 9996, deleted: 1, unchangedFiles: 0, previousRelease: null } }) as unknown as BuildReport;

function setup(opts: Partial<QueueOptions> = {}) {
  const clock = new FakeClock();
  const builds: { scope: BuildScope; at: number; ok(r?: BuildReport): void; fail(e: unknown): void }[] = [];
  const published: PublishRecord[] = [];
  const failures: ErrorRecord[] = [];
  const q = new WatchQueue({
    runBuild: (scope) =>
      new Promise<BuildReport>((ok, fail) => builds.push({ scope, at: clock.t, ok: (r = report(`r${builds.length}`)) => ok(r), fail })),
    debounceMs: 300,
    pollMs: null,
    backoff: { initialMs: 1000, maxMs: 8000 },
    timers: clock,
    onPublish: (p) => published.push(p),
    onFailure: (e) => failures.push(e),
    ...opts,
  });
  const refs = (...names: string[]): Ref[] => names.map(parseRef);
  const names = (scope: BuildScope) => (scope === 'full' ? 'full' : scope.map((r) => (r.kind === 'post' ? `post:${r.id}` : r.kind)));
  return { clock, q, builds, published, failures, refs, names };
}

describe('the watch queue', () => {
  it('turns a burst of 20 webhooks into one build, and what arrives during it into one more', async () => {
    const { clock, q, builds, refs, names } = setup();
    for (let i = 1; i <= 10; i++) {
      q.add(refs(`post:${i}`));
      await clock.advance(20);
    }
    // 200 ms in: still waiting for the debounce counted from the first webhook.
    expect(builds).toHaveLength(0);
    await clock.advance(100);
    expect(builds).toHaveLength(1);
    expect(names(builds[0].scope)).toEqual(Array.from({ length: 10 }, (_, i) => `post:${i + 1}`));
    for (let i = 11; i <= 20; i++) {
      q.add(refs(`post:${i}`, 'post:1'));
      await clock.advance(50);
    }
    expect(q.status()).toMatchObject({ state: 'building', queue: 11 });
    builds[0].ok();
    await clock.advance(0);
    // The second batch has waited longer than the debounce already: it starts at once.
    expect(builds).toHaveLength(2);
    expect(names(builds[1].scope)).toEqual(['post:11', 'post:1', ...Array.from({ length: 9 }, (_, i) => `post:${i + 12}`)]);
    builds[1].ok();
    await clock.advance(10_000);
    expect(builds).toHaveLength(2);
    expect(q.status()).toMatchObject({ state: 'idle', queue: 0, counters: { builds: 2, failures: 0, webhooks: 20 } });
  });

  it('with no debounce (the default) an idle watcher builds on the first webhook, and a burst joins one more build', async () => {
    const { clock, q, builds, names } = setup({ debounceMs: 0 });
    q.add([parseRef('post:1')]);
    await clock.advance(0);
    expect(builds).toHaveLength(1);
    expect(names(builds[0].scope)).toEqual(['post:1']);
    for (let i = 2; i <= 20; i++) {
      q.add([parseRef(`post:${i}`)]);
      await clock.advance(5);
    }
    expect(builds).toHaveLength(1);
    builds[0].ok();
    await clock.advance(0);
    expect(builds).toHaveLength(2);
    expect(names(builds[1].scope)).toEqual(Array.from({ length: 19 }, (_, i) => `post:${i + 2}`));
    builds[1].ok();
    await clock.advance(10_000);
    expect(builds).toHaveLength(2);
    expect(q.status()).toMatchObject({ state: 'idle', queue: 0, counters: { builds: 2, webhooks: 20 } });
  });

  it('calls whenIdle after a build whose outcome is recorded when nothing waits, still building, and not when a batch waits', async () => {
    const idle: { published: number; state: string }[] = [];
    const holder: { q?: WatchQueue; published?: PublishRecord[] } = {};
    const { clock, q, builds, published } = setup({ debounceMs: 0, whenIdle: () => void idle.push({ published: holder.published!.length, state: holder.q!.status().state }) });
    Object.assign(holder, { q, published });
    q.add([parseRef('post:1')]);
    await clock.advance(0);
    // A webhook during the build: the next build waits, so no housekeeping in between.
    q.add([parseRef('post:2')]);
    builds[0].ok();
    await clock.advance(0);
    expect(builds).toHaveLength(2);
    expect(idle).toEqual([]);
    builds[1].ok();
    await clock.advance(0);
    // After the publish was recorded (its latency does not count the housekeeping), before the queue reads idle.
    expect(idle).toEqual([{ published: 2, state: 'building' }]);
    expect(q.status().state).toBe('idle');
    // A failed build puts its REFs back for the retry: they wait, so no housekeeping.
    q.add([parseRef('post:3')]);
    await clock.advance(0);
    builds[2].fail(new Error('down'));
    await clock.advance(0);
    expect(idle).toHaveLength(1);
  });

  it('waits the debounce after the first webhook of a batch, not the last', async () => {
    const { clock, q, builds } = setup();
    const first = clock.t;
    q.add([parseRef('post:1')]);
    expect(q.status().state).toBe('waiting');
    await clock.advance(250);
    q.add([parseRef('post:2')]);
    await clock.advance(49);
    expect(builds).toHaveLength(0);
    await clock.advance(1);
    expect(builds).toHaveLength(1);
    expect(builds[0].at).toBe(first + 300);
  });

  it('retries a failed build after 1x, 2x, 4x the initial delay, capped, and then resets', async () => {
    const { clock, q, builds, failures } = setup({ backoff: { initialMs: 1000, maxMs: 4000 } });
    expect([1, 2, 3, 4, 5].map((n) => backoffDelay(n, { initialMs: 1000, maxMs: 4000 }))).toEqual([1000, 2000, 4000, 4000, 4000]);
    q.add([parseRef('post:1')]);
    await clock.advance(300);
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = clock.t;
      builds[i].fail(pressroomError('PR_API_STATUS', { endpoint: 'GET /api/post/homelatest', status: 503 }));
      await clock.advance(0);
      expect(q.status()).toMatchObject({ state: 'backing-off', nextRetryAt: new Date(before + [1000, 2000, 4000, 4000][i]).toISOString() });
      await clock.advance(5000);
      gaps.push(builds[i + 1].at - before);
    }
    expect(gaps).toEqual([1000, 2000, 4000, 4000]);
    expect(failures.map((f) => f.attempt)).toEqual([1, 2, 3, 4]);
    builds[4].ok();
    await clock.advance(0);
    q.add([parseRef('post:2')]);
    await clock.advance(300);
    builds[5].fail(new Error('disk full'));
    await clock.advance(0);
    // A success resets the back-off; an error outside the catalogue is reported as PR_INTERNAL, with its stack kept for the log only.
    expect(failures.at(-1)).toMatchObject({ attempt: 1, code: 'PR_INTERNAL', message: 'disk full' });
    expect(failures.at(-1)!.stack).toContain('disk full');
    expect(q.status().lastError).toMatchObject({ attempt: 1, code: 'PR_INTERNAL' });
    expect(q.status().lastError).not.toHaveProperty('stack', expect.anything());
  });

  it('keeps the REFs of a failed build pending, merged with new ones, and measures latency from the first webhook', async () => {
    const { clock, q, builds, published, names } = setup();
    const first = clock.t;
    q.add([parseRef('post:1'), parseRef('ads')]);
    await clock.advance(300);
    q.add([parseRef('post:2')]);
    builds[0].fail(pressroomError('PR_LOCKED', { out: '/srv/out', pid: 4711, since: 'now' }));
    await clock.advance(0);
    q.add([parseRef('post:1')]);
    expect(q.status()).toMatchObject({ state: 'backing-off', queue: 3, lastError: { code: 'PR_LOCKED', attempt: 1, refs: ['post:1', 'ads'] } });
    await clock.advance(1000);
    expect(names(builds[1].scope)).toEqual(['post:1', 'ads', 'post:2']);
    await clock.advance(700);
    builds[1].ok(report('r1'));
    await clock.advance(0);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({ refs: ['post:1', 'ads', 'post:2'], latencyMs: clock.t - first, durationMs: 700, release: 'r1', rendered: 4, reused: 9996, deleted: 1, warnings: 1 });
    expect(q.status()).toMatchObject({ state: 'idle', queue: 0, counters: { builds: 2, failures: 1, webhooks: 3 } });
  });

  it('lists on /status the REFs a publish left out because they cannot be fetched (the newest DROPPED_KEPT), with no failure and no retry', async () => {
    const { clock, q, builds, published, failures } = setup();
    const leftOut = (n: number) => ({ ref: `/api/author/${n}`, endpoint: `GET /api/author/${n}`, reason: 'the API answered 404' });
    const withDropped = (release: string, dropped: ReturnType<typeof leftOut>[]) => ({ ...report(release), changed: { refs: [], refetched: 0, fallback: null, dropped } }) as unknown as BuildReport;
    q.add([parseRef('/api/author/1'), parseRef('post:1')]);
    await clock.advance(300);
    builds[0].ok(withDropped('r0', [leftOut(1)]));
    await clock.advance(0);
    expect(failures).toEqual([]);
    expect(published[0].dropped).toEqual([leftOut(1)]);
    expect(q.status()).toMatchObject({ state: 'idle', queue: 0, lastError: null, dropped: [{ ...leftOut(1), at: new Date(clock.t).toISOString() }] });
    // A publish that left nothing out says nothing of it, and /status keeps what was left out before.
    q.add([parseRef('post:2')]);
    await clock.advance(300);
    builds[1].ok();
    await clock.advance(0);
    expect(published[1]).not.toHaveProperty('dropped');
    expect(q.status().dropped.map((d) => d.ref)).toEqual(['/api/author/1']);
    q.add([parseRef('post:3')]);
    await clock.advance(300);
    builds[2].ok(withDropped('r2', Array.from({ length: DROPPED_KEPT }, (_, i) => leftOut(i + 2))));
    await clock.advance(0);
    expect(q.status().dropped.map((d) => d.ref)).toEqual(Array.from({ length: DROPPED_KEPT }, (_, i) => `/api/author/${i + 2}`));
    expect(builds).toHaveLength(3);
  });

  it('polls: a full build at start and every pollMs; a poll takes and clears the pending REFs', async () => {
    const { clock, q, builds, published } = setup({ pollMs: 10_000, debounceMs: 5000 });
    const started = clock.t;
    q.start();
    expect(q.status().nextPollAt).toBe(new Date(started).toISOString());
    await clock.advance(0);
    expect(builds.map((b) => b.scope)).toEqual(['full']);
    builds[0].ok();
    await clock.advance(0);
    expect(published[0]).toMatchObject({ refs: 'poll', latencyMs: null });
    expect(q.status().nextPollAt).toBe(new Date(started + 10_000).toISOString());
    await clock.advance(8000);
    q.add([parseRef('post:7')]);
    await clock.advance(2000);
    // The poll came before the webhook's debounce: one full build, nothing left pending.
    expect(builds.map((b) => b.scope)).toEqual(['full', 'full']);
    expect(q.status()).toMatchObject({ state: 'building', queue: 0, building: { refs: 'poll' } });
    builds[1].ok();
    await clock.advance(10_000 - 1);
    expect(builds).toHaveLength(2);
    expect(published[1]).toMatchObject({ refs: 'poll', latencyMs: 2000 });
  });

  it('a poll during a build runs right after it; a poll during a back-off makes the retry a full build', async () => {
    const { clock, q, builds, names } = setup({ pollMs: 10_000 });
    q.start();
    await clock.advance(0);
    builds[0].ok();
    await clock.advance(9000);
    q.add([parseRef('post:1')]);
    await clock.advance(300);
    expect(names(builds[1].scope)).toEqual(['post:1']);
    await clock.advance(1000); // the poll falls due while post:1 builds
    expect(q.status()).toMatchObject({ state: 'building', fullPending: true });
    builds[1].ok();
    await clock.advance(0);
    expect(builds[2].scope).toBe('full');
    builds[2].fail(pressroomError('PR_API_UNREACHABLE', { endpoint: 'GET /api/category/all', detail: 'ECONNREFUSED' }));
    await clock.advance(0);
    expect(q.status()).toMatchObject({ state: 'backing-off', fullPending: true, lastError: { refs: 'poll' } });
    await clock.advance(1000);
    expect(builds[3].scope).toBe('full');
    builds[3].fail(new Error('still down'));
    q.add([parseRef('post:2')]);
    await clock.advance(0);
    // The next poll falls due during this back-off: it waits for the retry, which is full and takes post:2.
    await clock.advance(2000);
    expect(builds).toHaveLength(5);
    expect(builds[4].scope).toBe('full');
    expect(q.status()).toMatchObject({ queue: 0, fullPending: false });
  });

  it('stop() cancels the timers, waits for the running build and refuses new REFs', async () => {
    const { clock, q, builds } = setup({ pollMs: 10_000 });
    q.add([parseRef('post:1')]);
    await clock.advance(300);
    let stopped = false;
    const stopping = q.stop().then(() => (stopped = true));
    expect(q.add([parseRef('post:2')])).toBeNull();
    await clock.advance(0);
    expect(stopped).toBe(false);
    builds[0].ok();
    await stopping;
    await clock.advance(60_000);
    expect(builds).toHaveLength(1);
    expect(q.status()).toMatchObject({ state: 'idle', nextPollAt: null, counters: { builds: 1, webhooks: 1 } });
  });

  it('a runBuild that throws at once is a failure like any other', async () => {
    const clock = new FakeClock();
    const q = new WatchQueue({ runBuild: () => { throw new Error('sync'); }, debounceMs: 0, pollMs: null, backoff: { initialMs: 10, maxMs: 10 }, timers: clock });
    q.add([parseRef('ads')]);
    await clock.advance(0);
    expect(q.status()).toMatchObject({ state: 'backing-off', queue: 1, building: null, lastError: { message: 'sync' } });
    await q.stop();
  });
});
