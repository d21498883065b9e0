// Routes -> rendered pages as an async iterator, so emit writes each page while
// the next renders and only a bounded window of pages is in memory (docs/architecture.md,
// "Where the time goes"). `ms` is the time emit waited for pages: on this thread
// that is the render itself; with the pool it is the render time emit's writes
// did not hide. The renderer is closed once its last page is out: render
// threads hold a heap each (React, the page modules, a batch), which would
// otherwise stay through emit's site-wide files, the release and the snapshot's
// save, where the main thread's memory peaks.
import type { EmittedPage } from '../emit/index.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { PageRenderer } from '../render/pool.ts';
import type { Warn } from '../errors/warnings.ts';

export function renderStream(renderer: PageRenderer, routes: readonly PlannedRoute[], warn: Warn) {
  let waited = 0;
  return {
    ms: () => waited,
    async *pages(onStart: () => void, onEnd: (ms: number) => void): AsyncGenerator<EmittedPage> {
      onStart();
      const pages = renderer.stream(routes);
      const files = routes.map((r) => r.file);
      for (let i = 0; ; i++) {
        const t = performance.now();
        const next = await pages.next();
        waited += performance.now() - t;
        if (next.done) break;
        const page = next.value;
        for (const w of page.warnings) warn('W_RENDER', { detail: w }, page.path);
        yield { path: page.path, file: files[i] ?? page.file, html: page.bytes };
      }
      await renderer.close();
      onEnd(Math.round(waited));
    },
  };
}
