// One render thread of the pool. It holds no snapshot: each task brings a batch's routes and exactly
// their entries, so a thread's memory is one batch plus React and the page modules.
import { isPressroomError } from '../errors/errors.ts';
import { preloadAllPages } from '../app/pages/registry.ts';
import type { RouteSpec, SnapshotEntry, SnapshotView } from '../site/types.ts';
import { createRenderer, type Renderer } from './index.ts';
import type { PoolInit, RenderTask, RenderTaskResult, WireEntry, WirePage } from './pool-types.ts';

/**
 * This thread's state: each thread loads its own copy of this module and serves one pool, one build,
 * so nothing is shared. `batch` is the task's entries; `renderer` is made by the first task.
 */
const thread: { batch: Map<string, WireEntry>; renderer?: Promise<Renderer> } = { batch: new Map() };

/** An entry of the batch, its body parsed from text on first use (and kept until the batch ends). */
function entry(path: string): SnapshotEntry | undefined {
  const e = thread.batch.get(path);
  if (e && 'text' in e) {
    const parsed = { key: e.key, status: e.status, hash: e.hash, body: JSON.parse(e.text) as unknown };
    thread.batch.set(path, parsed);
    return parsed;
  }
  return e as SnapshotEntry | undefined;
}
const view: SnapshotView = {
  get: entry,
  ok: <T>(path: string) => {
    const e = entry(path);
    return e && e.status >= 200 && e.status < 300 ? (e.body as T) : undefined;
  },
  paths: () => thread.batch.keys(),
};

// React and the page modules load as the thread starts, so a pool started during the crawl is ready.
await preloadAllPages();

// One pool serves one build: the first task's init makes the renderer.
function rendererFor(init: PoolInit): Promise<Renderer> {
  thread.renderer ??= createRenderer({
    config: init.config,
    publicConfig: init.publicConfig,
    bundle: { entryUrl: init.bundle.entryUrl, islandsUrl: init.bundle.islandsUrl, cssUrl: init.bundle.cssUrl, preloadFor: (kind) => init.bundle.preloads[kind] ?? [] },
    snapshot: view,
    templateFile: init.templateFile,
    strict: init.strict,
  });
  return thread.renderer;
}

export default async function renderBatch(task: RenderTask): Promise<RenderTaskResult> {
  const r = await rendererFor(task.init);
  thread.batch = new Map(task.entries);
  const pages: WirePage[] = [];
  const started = performance.now();
  let current: RouteSpec | undefined;
  try {
    for (current of task.routes) {
      const { path, file, bytes, warnings } = r.renderRoute(current);
      pages.push({ path, file, bytes, warnings });
    }
  } catch (e) {
    // Errors cross as plain data: a PressroomError's class does not survive cloning; code and params do.
    const route = current?.path ?? '';
    if (isPressroomError(e)) return { ok: false, error: { code: e.code, params: { ...e.params }, route } };
    return { ok: false, error: { code: null, params: {}, route, detail: e instanceof Error ? (e.stack ?? e.message) : String(e) } };
  } finally {
    thread.batch = new Map();
  }
  return { ok: true, pages, ms: performance.now() - started };
}
