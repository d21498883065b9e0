// Routes -> rendered pages as an async iterator, so emit writes each page while
// the next renders and only the current page is in memory (architecture,
// "Where the time goes"). Times the render itself, apart from the writes.
import type { EmittedPage } from '../emit/index.ts';
import type { PlannedRoute } from '../plan/types.ts';
import type { Renderer } from '../render/index.ts';

export function renderStream(renderer: Renderer, routes: readonly PlannedRoute[], warn: (code: string, message: string) => void) {
  let ms = 0;
  return {
    ms: () => ms,
    async *pages(onStart: () => void, onEnd: (ms: number) => void): AsyncGenerator<EmittedPage> {
      onStart();
      for (const route of routes) {
        const t = performance.now();
        const page = renderer.renderRoute(route);
        ms += performance.now() - t;
        for (const w of page.warnings) warn('PR_RENDER_WARNING', w);
        yield { path: page.path, file: route.file, html: page.html };
      }
      onEnd(Math.round(ms));
    },
  };
}
