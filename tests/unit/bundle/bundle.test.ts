// The bundle stage on fixture projects (tests/unit/bundle/fixtures): hashed
// names, metafile-derived modulepreloads, static assets, one hash over the
// output, and the build failing when a Node-only module reaches the client.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleClient, type ClientBundle } from '../../../src/bundle/index.ts';
import { isNodeBuiltin } from '../../../src/bundle/node-guard.ts';
import { isPressroomError } from '../../../src/errors/errors.ts';
import type { PageKindName } from '../../../src/site/types.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.join(here, 'fixtures/site');
const leak = path.join(here, 'fixtures/leak');
const text = (b: ClientBundle, p: string) => new TextDecoder().decode(b.files.find((f) => f.path === p)!.contents);
const fileOf = (url: string) => url.replace(/^\//, '');

describe('bundleClient', () => {
  let bundle: ClientBundle;
  beforeAll(async () => {
    bundle = await bundleClient({ projectRoot: site });
  });

  it('names the entry and the stylesheet with content hashes under assets/', () => {
    expect(bundle.entryUrl).toMatch(/^\/assets\/entry-[A-Z0-9]{8}\.js$/);
    expect(bundle.cssUrl).toMatch(/^\/assets\/styles-[A-Z0-9]{8}\.css$/);
    const paths = bundle.files.map((f) => f.path);
    expect(paths).toContain(fileOf(bundle.entryUrl));
    expect(paths).toContain(fileOf(bundle.cssUrl));
    for (const p of paths.filter((p) => p.endsWith('.js'))) expect(p).toMatch(/^assets\/[\w-]+-[A-Z0-9]{8}\.js$/);
    expect(paths).toEqual([...paths].sort());
  });

  it('bundles the stylesheet with its @imports into one minified file', () => {
    const css = text(bundle, fileOf(bundle.cssUrl));
    expect(css).toMatch(/:root\{--brand: ?#5b2a86\}/);
    expect(css).toContain('.fixture{');
    expect(css).not.toContain('@import');
  });

  it('emits ESM with code splitting: the pages are loaded by dynamic import', () => {
    const entry = text(bundle, fileOf(bundle.entryUrl));
    expect(entry).toMatch(/import\("\/assets\/alpha-[A-Z0-9]{8}\.js"\)/);
    expect(entry).toMatch(/import\("\/assets\/beta-[A-Z0-9]{8}\.js"\)/);
    expect(entry).not.toContain('alpha alpha'); // page code is not inlined
  });

  it('derives each page kind’s modulepreload list from the metafile', () => {
    const alpha = bundle.preloadFor('alpha' as PageKindName);
    const beta = bundle.preloadFor('beta' as PageKindName);
    // The page's own chunk first, then its static imports; never the entry itself.
    expect(alpha.length).toBeGreaterThanOrEqual(2);
    expect(alpha[0]).toMatch(/^\/assets\/alpha-[A-Z0-9]{8}\.js$/);
    expect(beta[0]).toMatch(/^\/assets\/beta-[A-Z0-9]{8}\.js$/);
    expect(alpha).not.toContain(bundle.entryUrl);
    for (const url of [...alpha, ...beta]) expect(bundle.files.map((f) => `/${f.path}`)).toContain(url);
    // util.ts is shared by both pages, so it sits in a chunk both lists name.
    const shared = alpha.filter((u) => beta.includes(u));
    expect(shared.length).toBeGreaterThan(0);
    expect(shared.some((u) => text(bundle, fileOf(u)).includes('.join(" ")'))).toBe(true);
    // The page chunk really imports what the list names after it.
    const alphaChunk = text(bundle, fileOf(alpha[0]));
    for (const u of alpha.slice(1)) if (!text(bundle, fileOf(bundle.entryUrl)).includes(path.basename(u))) expect(alphaChunk).toContain(path.basename(u));
    // An unknown kind gets only the entry's shared chunks.
    expect(bundle.preloadFor('no-such-kind' as PageKindName).every((u) => alpha.includes(u) || beta.includes(u))).toBe(true);
  });

  it('builds the islands entry on its own: it holds what it shares with the app, and island kinds preload its imports only', () => {
    expect(bundle.islandsUrl).toMatch(/^\/assets\/islands-[A-Z0-9]{8}\.js$/);
    const islands = text(bundle, fileOf(bundle.islandsUrl));
    // shared.ts inlined, not imported from a chunk of the app's build
    expect(islands).toContain('toUpperCase()');
    expect(islands).not.toMatch(/from"\/assets\/chunk-/);
    const article = bundle.preloadFor('article');
    for (const url of article) expect(bundle.files.map((f) => `/${f.path}`)).toContain(url);
    expect(article).not.toContain(bundle.entryUrl);
    expect(article.some((u) => /\/assets\/(alpha|beta|chunk)-/.test(u))).toBe(false);
  });

  it('copies templates/assets unhashed and hashes the whole output', async () => {
    expect(bundle.files.map((f) => f.path)).toContain('assets/logo.svg');
    expect(bundle.hash).toMatch(/^[0-9a-f]{64}$/);
    const again = await bundleClient({ projectRoot: site });
    expect(again.hash).toBe(bundle.hash);
    expect(again.files.map((f) => f.path)).toEqual(bundle.files.map((f) => f.path));
    const unminified = await bundleClient({ projectRoot: site, minify: false });
    expect(unminified.hash).not.toBe(bundle.hash);
  });

  it('fails with PR_BUNDLE_NODE_MODULE naming the module and its importer', async () => {
    const err = await bundleClient({ projectRoot: leak }).catch((e: unknown) => e);
    expect(isPressroomError(err)).toBe(true);
    if (!isPressroomError(err)) return;
    expect(err.code).toBe('PR_BUNDLE_NODE_MODULE');
    expect(err.params).toEqual({ module: 'node:fs', importer: 'src/app/reads-disk.ts' });
    expect(err.message).toContain('node:fs');
    expect(err.message).toContain('src/app/reads-disk.ts');
  });

  it('fails with PR_BUNDLE_FAILED when the entry is missing', async () => {
    const err = await bundleClient({ projectRoot: path.join(here, 'fixtures') }).catch((e: unknown) => e);
    expect(isPressroomError(err) && err.code).toBe('PR_BUNDLE_FAILED');
  });
});

describe('isNodeBuiltin', () => {
  it('knows node: specifiers, built-in names and their subpaths, and nothing else', () => {
    for (const m of ['node:fs', 'fs', 'fs/promises', 'path', 'crypto', 'node:test']) expect(isNodeBuiltin(m)).toBe(true);
    for (const m of ['react', 'react-dom/client', '@tanstack/react-query', './fs', 'pathe']) expect(isNodeBuiltin(m)).toBe(false);
  });
});
