// Article pages rendered while the crawl still runs (docs/scale.md, "Render threads";
// docs/decisions.md, 97). A whole-site build's crawl keeps this thread busy but not
// both cores: the sample API's process and the collector leave most of one idle for
// the crawl's length (measured: a 10,000-post crawl beside a render of its 9,968
// article pages in another process ended 2.7 s later than alone, the render 1.5 s
// later, where one after the other took 5.8 s more). So as a post's details
// arrive, its article's route is made from them and, once the other responses
// the page reads are in (the ads, the author), the route goes to the render
// threads the build has started (./warm-pool.ts) in batches, as render would send
// it. The pages are kept in a temporary file, not on the heap.
//
// Nothing here decides what is published. After the plan, a route's early page is
// used only when the plan gave exactly the route it was rendered for (every field,
// its file included) and every response it read is the one the snapshot holds now
// (by hash); the threads render it from the same configuration, bundle and
// template, or every early page is dropped (and the threads, which keep the
// renderer of their first task, with them). Any other route is rendered as
// before. A failure while rendering early is dropped too: render meets the route
// again and fails it there, with its name.
import { closeSync, openSync, readSync, rmSync, write as writeCb } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stableStringify } from '../core/json.ts';
import { renderedPage } from '../render/index.ts';
import { BATCH, entriesFor, type PageRenderer, type RenderPool } from '../render/pool.ts';
import type { PoolInit } from '../render/pool-types.ts';
import { articleRouteOfDetails } from '../site/kinds/article.ts';
import { outputFileFor } from '../site/paths.ts';
import type { RouteSpec, SnapshotView } from '../site/types.ts';

/** A post's details (src/api/endpoints.ts ep.postDetails). */
const DETAILS = /^\/api\/post\/postdetails\//;
/** Pages are gathered and written to the file a few megabytes at a time. */
const SPILL_CHUNK = 4 << 20;

export interface EarlyPages {
  /** The crawl's hook (CrawlOptions.onStored): each response as it is stored. */
  stored(path: string, snap: SnapshotView): void;
  /** Stops taking routes and waits for the batches in flight and their writes. */
  settle(): Promise<void>;
  /** Whether the threads render with `init`: otherwise the early pages are dropped, and the threads must be too if any rendered (usedThreads). */
  matches(init: PoolInit): boolean;
  /** Whether a batch was sent to the threads. */
  usedThreads(): boolean;
  /** `renderer` with the early pages taken where they hold (see above); the rest of the routes it renders. */
  wrap(renderer: PageRenderer, snapshot: SnapshotView): PageRenderer;
  /** Routes taken from the early pages by the last stream. */
  taken(): number;
  /** Removes the file (idempotent). */
  close(): void;
}

interface Kept {
  /** The planned route it was rendered for, as JSON. */
  route: string;
  /** The hashes of the responses it read, in deps order. */
  hashes: string;
  offset: number;
  bytes: number;
  warnings: string[];
}

export function earlyPages(opts: {
  pool: () => RenderPool | undefined;
  init: PoolInit;
  now: string;
  /** Articles to have seen before the first batch goes out (the configuration's guess holds only past that many: src/pipeline/index.ts). */
  holdUntil?: number;
}): EarlyPages {
  const initJson = stableStringify(opts.init);
  const kept = new Map<string, Kept>();
  const queue: RouteSpec[] = [];
  /** Routes waiting for a response they read, by its path. */
  const waiting = new Map<string, RouteSpec[]>();
  const inFlight = new Set<Promise<void>>();
  let snap: SnapshotView | undefined;
  let open = true;
  let sent = false;
  let taken = 0;
  let articles = 0;
  const spill = new Spill();

  const consider = (spec: RouteSpec, view: SnapshotView) => {
    const missing = spec.deps.find((d) => view.get(d) === undefined);
    if (missing !== undefined) {
      const list = waiting.get(missing);
      if (list) list.push(spec);
      else waiting.set(missing, [spec]);
      return;
    }
    queue.push(spec);
  };

  const dispatch = () => {
    const pool = opts.pool();
    if (!pool || !snap || articles < (opts.holdUntil ?? 0)) return;
    while (open && queue.length >= BATCH && inFlight.size < pool.threads) {
      const batch = queue.splice(0, BATCH);
      const view = snap;
      const entries = entriesFor(batch, view);
      const hashOf = new Map(entries.map(([path, e]) => [path, e.hash]));
      const hashes = batch.map((r) => r.deps.map((d) => hashOf.get(d)).join('\n'));
      sent = true;
      const done: Promise<void> = pool
        .run({ init: opts.init, routes: batch, entries })
        .then((result) => {
          if (!result.ok) return;
          result.pages.forEach((page, i) => {
            const route = planned(batch[i]!);
            if (page.path !== route.path) return;
            const at = spill.append(page.bytes);
            kept.set(route.path, { route: JSON.stringify(route), hashes: hashes[i]!, offset: at, bytes: page.bytes.byteLength, warnings: page.warnings });
          });
        })
        .catch(() => undefined)
        .finally(() => {
          inFlight.delete(done);
          dispatch();
        });
      inFlight.add(done);
    }
  };

  return {
    stored(path, view) {
      if (!open) return;
      snap = view;
      const released = waiting.get(path);
      if (released) {
        waiting.delete(path);
        for (const spec of released) consider(spec, view);
      }
      if (DETAILS.test(path)) {
        const spec = articleRouteOfDetails(view.get(path), opts.now);
        if (spec) {
          articles += 1;
          consider(spec, view);
        }
      }
      dispatch();
    },
    async settle() {
      open = false;
      queue.length = 0;
      waiting.clear();
      while (inFlight.size) await Promise.all(inFlight);
      await spill.flush();
    },
    matches: (init) => stableStringify(init) === initJson,
    usedThreads: () => sent,
    taken: () => taken,
    wrap(renderer, snapshot) {
      const pageFor = (route: RouteSpec): Kept | undefined => {
        const k = kept.get(route.path);
        if (!k || k.route !== JSON.stringify(route)) return undefined;
        return route.deps.map((d) => snapshot.get(d)?.hash).join('\n') === k.hashes ? k : undefined;
      };
      return {
        threads: renderer.threads,
        async *stream(routes) {
          const early = routes.map(pageFor);
          const rest = routes.filter((_, i) => early[i] === undefined);
          taken = routes.length - rest.length;
          const inner = renderer.stream(rest);
          // Started at once: the threads render the other routes while the early pages are written.
          let ahead = rest.length > 0 ? inner.next() : undefined;
          let left = rest.length;
          try {
            for (let i = 0; i < routes.length; i++) {
              const k = early[i];
              if (k) {
                yield renderedPage({ path: routes[i]!.path, file: routes[i]!.file ?? outputFileFor(routes[i]!.path), bytes: spill.read(k.offset, k.bytes), warnings: k.warnings });
                continue;
              }
              const next = await ahead!;
              if (next.done) return;
              left -= 1;
              ahead = left > 0 ? inner.next() : undefined;
              yield next.value;
            }
          } finally {
            await inner.return(undefined);
          }
        },
        cpuMs: () => renderer.cpuMs(),
        close: () => renderer.close(),
      };
    },
    close: () => spill.close(),
  };
}

/** The route as the plan makes it from a kind's description (src/plan/index.ts newRoute). */
const planned = (spec: RouteSpec): RouteSpec => ({ ...spec, file: spec.file ?? outputFileFor(spec.path) });

/**
 * The early pages' bytes: one file in the system's temporary folder, removed at once (an
 * open file outlives its name on POSIX systems, so a kill -9 leaves nothing), appended to
 * in chunks written without blocking this thread, read back by offset.
 */
class Spill {
  #fd: number | undefined;
  #end = 0;
  #chunk: Buffer | undefined;
  #used = 0;
  #writes = new Set<Promise<void>>();
  #failed: Error | undefined;

  /** Appends; returns the offset the bytes will have. */
  append(bytes: Uint8Array): number {
    const at = this.#end + this.#used;
    if (bytes.byteLength > SPILL_CHUNK) {
      this.#write();
      this.#writeOut(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), at);
      this.#end += bytes.byteLength;
      return at;
    }
    if (this.#chunk && this.#used + bytes.byteLength > SPILL_CHUNK) this.#write();
    this.#chunk ??= Buffer.allocUnsafe(SPILL_CHUNK);
    this.#chunk.set(bytes, this.#used);
    this.#used += bytes.byteLength;
    return at;
  }

  async flush(): Promise<void> {
    this.#write();
    while (this.#writes.size) await Promise.all(this.#writes);
    if (this.#failed) throw this.#failed;
  }

  read(offset: number, bytes: number): Buffer {
    if (this.#fd === undefined || offset + bytes > this.#end) throw new Error(`early page at ${offset} (+${bytes}) is not in the file`);
    const buf = Buffer.allocUnsafe(bytes);
    let done = 0;
    while (done < bytes) {
      const n = readSync(this.#fd, buf, done, bytes - done, offset + done);
      if (n === 0) throw new Error(`early page at ${offset}: the file ended`);
      done += n;
    }
    return buf;
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }

  #opened(): number {
    if (this.#fd !== undefined) return this.#fd;
    const file = join(tmpdir(), `pressroom-early-${process.pid}-${randomBytes(6).toString('hex')}`);
    this.#fd = openSync(file, 'w+', 0o600);
    rmSync(file, { force: true });
    return this.#fd;
  }

  /** The gathered chunk to the file. */
  #write(): void {
    if (!this.#chunk || this.#used === 0) return;
    const chunk = this.#chunk.subarray(0, this.#used);
    const at = this.#end;
    this.#chunk = undefined;
    this.#end += this.#used;
    this.#used = 0;
    this.#writeOut(chunk, at);
  }

  #writeOut(data: Buffer, at: number): void {
    const fd = this.#opened();
    const p = new Promise<void>((ok) => {
      const go = (from: number) =>
        writeCb(fd, data, from, data.byteLength - from, at + from, (e, n) => {
          if (e) {
            this.#failed ??= e;
            return ok();
          }
          if (from + n < data.byteLength) go(from + n);
          else ok();
        });
      go(0);
    }).finally(() => this.#writes.delete(p));
    this.#writes.add(p);
  }
}
