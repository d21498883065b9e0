// The footer and the header's navigation are rendered once per build and
// copied into every page (src/render/subtree-cache.ts; docs/decisions/0095-cached-footer-and-nav.md).
// Their contract is that nothing in them depends on the page; this holds the
// sample site's components to it: every route of the small snapshot, at the
// site's root and under a base path, gives the same bytes copied as rendered
// whole, and both parts were in fact copied.
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildClock, loadConfig, publicConfig } from '../../src/config/load.ts';
import { jsonForScript } from '../../src/encoding/json.ts';
import { Snapshot } from '../../src/snapshot/snapshot-store.ts';
import { plan, type PlannedRoute } from '../../src/plan/index.ts';
import { createRenderer } from '../../src/render/index.ts';
import { subtreeCacheFor } from '../../src/render/subtree-cache.ts';
import { newRenderKept } from '../../src/render/kept.ts';
import type { SnapshotView } from '../../src/site/types.ts';
import { SMALL_NOW, SMALL_SNAPSHOT } from '../helpers/make-snapshot-small.ts';

const ROOT = resolve(import.meta.dirname, '../..');
// What the page's document links to does not touch the parts; fixed names keep the test off the bundler.
const bundle = { entryUrl: '/assets/entry.js', islandsUrl: '/assets/islands.js', cssUrl: '/assets/styles.css', preloadFor: () => [] };

let snapshot: SnapshotView;
let routes: readonly PlannedRoute[];
beforeAll(async () => {
  snapshot = (await Snapshot.load(SMALL_SNAPSHOT)).snapshot;
  const config = loadConfig({ file: join(ROOT, 'config/site.json'), env: {} });
  const clock = buildClock(config, SMALL_NOW);
  routes = plan(snapshot, { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn: () => {} }, config).routes;
});

describe.each([
  ['at the site root', {}],
  ['under a base path', { PRESSROOM_SITE_URL: 'https://example.github.io/project' }],
])('every route of the sample site %s', (_, env) => {
  it('is the same bytes with the footer and the header navigation copied as rendered whole', async () => {
    const config = loadConfig({ file: join(ROOT, 'config/site.json'), env });
    const pub = publicConfig(config);
    const kept = newRenderKept();
    const copied = await createRenderer({ config, publicConfig: pub, bundle, snapshot, strict: true, kept });
    const whole = await createRenderer({ config, publicConfig: pub, bundle, snapshot, strict: true, cacheParts: false });
    const kinds = new Set<string>();
    const differ: string[] = [];
    for (const route of routes) {
      const a = copied.renderRoute(route);
      if (!a.bytes.equals(whole.renderRoute(route).bytes)) differ.push(route.path);
      kinds.add(route.kind);
    }
    expect(differ).toEqual([]);
    expect(kinds.size).toBeGreaterThanOrEqual(15);
    const parts = subtreeCacheFor(jsonForScript(pub), kept).known();
    expect(parts.get('footer')).toMatch(/^<div class="island" data-island="footer"><footer class="site-footer">/);
    expect(parts.get('header-nav')).toMatch(/^<nav id="site-nav" aria-label="Main" class="site-nav">/);
    if ('PRESSROOM_SITE_URL' in env) expect(parts.get('footer')).toContain('href="/project/');
  });
});
