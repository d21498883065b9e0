// The render stream closes its renderer once the last page is out, so render
// threads do not hold their heaps through emit's site-wide files, the release
// and the snapshot's save (src/pipeline/render-stream.ts).
import { describe, expect, it } from 'vitest';
import { renderStream } from '../../../src/pipeline/render-stream.ts';
import type { PlannedRoute } from '../../../src/plan/types.ts';
import type { PageRenderer } from '../../../src/render/pool.ts';

function fakeRenderer() {
  const events: string[] = [];
  const renderer: PageRenderer = {
    threads: 2,
    async *stream(routes) {
      for (const r of routes) {
        events.push(`render ${r.path}`);
        yield { path: r.path, file: r.file, bytes: new TextEncoder().encode(r.path), warnings: [], html: r.path } as never;
      }
    },
    cpuMs: () => 0,
    close: async () => void events.push('close'),
  };
  return { renderer, events };
}

const routes = ['/a', '/b'].map((path) => ({ path, file: `${path.slice(1)}/index.html` }) as PlannedRoute);

describe('renderStream', () => {
  it('closes the renderer after the last page, before the stream ends', async () => {
    const { renderer, events } = fakeRenderer();
    const stream = renderStream(renderer, routes, () => {});
    let ended = false;
    const pages: string[] = [];
    for await (const p of stream.pages(() => {}, () => void (ended = true))) {
      pages.push(p.path);
      events.push(`emit ${p.path}`);
    }
    expect(pages).toEqual(['/a', '/b']);
    expect(events).toEqual(['render /a', 'emit /a', 'render /b', 'emit /b', 'close']);
    expect(ended).toBe(true);
  });
});
