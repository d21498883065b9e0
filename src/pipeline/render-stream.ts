// Routes -> rendered pages as an async iterator, so emit writes each page while the next renders and
// only a window of pages is in memory. `ms` is the time emit waited for pages. The renderer is closed
// after its last page: each render thread's heap would otherwise last to the memory peak.
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
