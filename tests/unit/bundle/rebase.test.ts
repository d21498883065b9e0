// The client bundle under a base path (src/bundle/rebase.ts): esbuild's chunk
// and page imports are absolute '/assets/...' URLs, so under /project every
// one of them, the entry, the stylesheet and each modulepreload must carry the
// prefix, and nothing else in the code may change.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashFiles } from '../../../src/bundle/hash.ts';
import { bundleClient, type ClientBundle } from '../../../src/bundle/index.ts';
import { rebaseBundle } from '../../../src/bundle/rebase.ts';
import type { PageKindName } from '../../../src/site/types.ts';

const site = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/site');
const text = (b: ClientBundle, p: string) => new TextDecoder().decode(b.files.find((f) => f.path === p)!.contents);
let live: ClientBundle;

beforeAll(async () => {
  live = await bundleClient({ projectRoot: site, minify: true });
});

describe('rebaseBundle', () => {
  it('returns the bundle itself without a base path', () => {
    expect(rebaseBundle(live, '')).toBe(live);
  });

  it('puts every reference to a file of the bundle under the base path, in esbuild\'s real output', () => {
    const rebased = rebaseBundle(live, '/p/q');
    const own = live.files.map((f) => `/${f.path}`);
    const js = live.files.filter((f) => f.path.endsWith('.js'));
    expect(js.length).toBeGreaterThan(1);
    let references = 0;
    for (const f of js) {
      const before = text(live, f.path);
      const after = text(rebased, f.path);
      for (const url of own) {
        const count = before.split(`"${url}"`).length - 1;
        references += count;
        expect(after.split(`"/p/q${url}"`).length - 1, `${url} in ${f.path}`).toBe(count);
        expect(after.includes(`"${url}"`), `${url} left unprefixed in ${f.path}`).toBe(false);
      }
      // Nothing but those references changed.
      expect(after.replaceAll('"/p/q/assets/', '"/assets/')).toBe(before);
    }
    // The fixture's entry imports its pages and shared chunk: the test has something to check.
    expect(references).toBeGreaterThan(0);
  });

  it('prefixes the entry, the stylesheet and each kind\'s preloads, and hashes the rewritten files', () => {
    const rebased = rebaseBundle(live, '/project');
    expect(rebased.entryUrl).toBe(`/project${live.entryUrl}`);
    expect(rebased.cssUrl).toBe(`/project${live.cssUrl}`);
    for (const k of ['alpha', 'beta'] as unknown as PageKindName[]) expect(rebased.preloadFor(k)).toEqual(live.preloadFor(k).map((u) => `/project${u}`));
    expect(rebased.files.map((f) => f.path)).toEqual(live.files.map((f) => f.path));
    expect(rebased.hash).toBe(hashFiles(rebased.files));
    expect(rebased.hash).not.toBe(live.hash);
    expect(rebaseBundle(live, '/other').hash).not.toBe(rebased.hash);
  });

  it('rewrites only quoted or url() references to its own files', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    const bundle: ClientBundle = {
      files: [
        { path: 'assets/entry-AAAAAAAA.js', contents: enc(`import"/assets/chunk-BBBBBBBB.js";const a='/assets/chunk-BBBBBBBB.js',b=\`/assets/chunk-BBBBBBBB.js\`,c="/assets/missing-CCCCCCCC.js",d="x/assets/chunk-BBBBBBBB.js",e="/assets/logo.svg";`) },
        { path: 'assets/chunk-BBBBBBBB.js', contents: enc('export const x=1;') },
        { path: 'assets/styles-DDDDDDDD.css', contents: enc('a{background:url(/assets/logo.svg)}b{background:url("/assets/logo.svg")}c{background:url(/img/other.svg)}') },
        { path: 'assets/logo.svg', contents: enc('<svg xmlns="http://www.w3.org/2000/svg"/>') },
      ],
      entryUrl: '/assets/entry-AAAAAAAA.js',
      islandsUrl: '/assets/islands-EEEEEEEE.js',
      cssUrl: '/assets/styles-DDDDDDDD.css',
      preloadFor: () => ['/assets/chunk-BBBBBBBB.js'],
      hash: 'h',
    };
    const r = rebaseBundle(bundle, '/b');
    expect(text(r, 'assets/entry-AAAAAAAA.js')).toBe(
      `import"/b/assets/chunk-BBBBBBBB.js";const a='/b/assets/chunk-BBBBBBBB.js',b=\`/b/assets/chunk-BBBBBBBB.js\`,c="/assets/missing-CCCCCCCC.js",d="x/assets/chunk-BBBBBBBB.js",e="/b/assets/logo.svg";`,
    );
    expect(text(r, 'assets/styles-DDDDDDDD.css')).toBe('a{background:url(/b/assets/logo.svg)}b{background:url("/b/assets/logo.svg")}c{background:url(/img/other.svg)}');
    // Files without references keep their bytes (and an SVG is never read as text).
    expect(r.files[1]).toBe(bundle.files[1]);
    expect(r.files[3]).toBe(bundle.files[3]);
  });
});
