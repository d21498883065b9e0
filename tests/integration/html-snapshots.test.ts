// HTML snapshot tests (docs/contributing.md, "HTML snapshots"): the small fixed snapshot in
// tests/fixtures/snapshot-small renders, per page kind, to the reviewed
// normalised HTML in tests/fixtures/html/<kind>.html (one tag per line,
// content-hashed asset names masked: the same normaliser as `pressroom diff`),
// so a change to a component shows up in review as a page diff.
//
// After an intended change, regenerate and review the diff:
//   UPDATE_HTML_SNAPSHOTS=1 npx vitest run --project integration tests/integration/html-snapshots.test.ts
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleClient } from '../../src/bundle/index.ts';
import { buildClock, loadConfig, publicConfig } from '../../src/config/load.ts';
import { Snapshot } from '../../src/crawl/snapshot-store.ts';
import { normaliseHtml } from '../../src/diff/normalise.ts';
import { plan, type PlannedRoute } from '../../src/plan/index.ts';
import { createRenderer, type Renderer } from '../../src/render/index.ts';
import { PAGE_KINDS } from '../../src/site/kinds/index.ts';
import { SMALL_NOW, SMALL_SNAPSHOT } from '../helpers/make-snapshot-small.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const HTML_DIR = join(ROOT, 'tests/fixtures/html');
const UPDATE = process.env.UPDATE_HTML_SNAPSHOTS === '1';

let renderer: Renderer;
/** The first route of each kind (plan order: sorted by path), so the choice is stable. */
const samples = new Map<string, PlannedRoute>();

beforeAll(async () => {
  const { snapshot } = await Snapshot.load(SMALL_SNAPSHOT);
  const config = loadConfig({ file: join(ROOT, 'config/site.json'), env: {} });
  const clock = buildClock(config, SMALL_NOW);
  const ctx = { today: clock.toISOString().slice(0, 10), now: clock.toISOString(), warn: () => {} };
  for (const route of plan(snapshot, ctx, config).routes) if (!samples.has(route.kind)) samples.set(route.kind, route);
  const bundle = await bundleClient({ minify: true });
  renderer = await createRenderer({ config, publicConfig: publicConfig(config), bundle, snapshot, strict: true });
});

const fileOf = (kind: string) => join(HTML_DIR, `${kind}.html`);

/**
 * The embedded query data (the route's deps from the snapshot, and the public
 * config) is left out: it is data, not markup, and would be half of every file.
 * The render tests (tests/unit/render) cover what is embedded.
 */
const DATA_BLOCK = /(<script id="__PRESSROOM_DATA__" type="application\/json">\n)[\s\S]*?\n(<\/script>)/;
const reviewable = (normalised: string) => normalised.replace(DATA_BLOCK, '$1(embedded data left out)\n$2');

describe('HTML snapshots of every page kind', () => {
  it('the fixture snapshot has a route of every page kind, and every reviewed file belongs to one', async () => {
    expect([...samples.keys()].sort()).toEqual(PAGE_KINDS.map((k) => k.kind).sort());
    if (UPDATE) await mkdir(HTML_DIR, { recursive: true });
    const files = (await readdir(HTML_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.html'));
    if (!UPDATE) expect(files.sort()).toEqual([...samples.keys()].map((k) => `${k}.html`).sort());
  });

  for (const kind of PAGE_KINDS.map((k) => k.kind)) {
    it(`${kind} renders to tests/fixtures/html/${kind}.html`, async () => {
      const route = samples.get(kind);
      expect(route, `no ${kind} route in the fixture snapshot`).toBeDefined();
      const html = `<!-- ${kind}: ${route!.path} -->\n${reviewable(normaliseHtml(renderer.renderRoute(route!).html))}`;
      if (UPDATE) {
        await writeFile(fileOf(kind), html);
        return;
      }
      expect(html).toBe(await readFile(fileOf(kind), 'utf8'));
    });
  }
});
