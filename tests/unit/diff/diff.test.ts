import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffBuilds, formatDiff, normaliseHtml, resolveSide } from '../../../src/diff/index.ts';
import { Snapshot } from '../../../src/snapshot/snapshot-store.ts';
import { testDir } from '../../helpers/temp.ts';

const page = (hash: string, title: string, body = '<p>Hello <b>world</b></p>') =>
  `<!DOCTYPE html><html lang="en"><head><title>${title}</title><link rel="stylesheet" href="/assets/index-${hash}.css">` +
  `<link rel="modulepreload" href="/assets/chunk-${hash}.js"></head><body><div id="root">${body}</div>` +
  `<script id="__PRESSROOM_DATA__" type="application/json">{"kind":"article","assets":"/assets/entry-${hash}.js","title":"${title}"}</script>` +
  `<script type="module" src="/assets/entry-${hash}.js"></script></body></html>`;

async function site(files: Record<string, string>): Promise<string> {
  const dir = await testDir('pr-diff-');
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, rel)), { recursive: true });
    await writeFile(join(dir, rel), text);
  }
  return dir;
}

const bundle = (hash: string) => ({ [`assets/entry-${hash}.js`]: `console.log("${hash}")`, [`assets/index-${hash}.css`]: `body{}/*${hash}*/` });

describe('normaliseHtml', () => {
  it('puts one tag per line, masks hashed asset names everywhere, pretty-prints embedded JSON', () => {
    const n = normaliseHtml(page('AB12CD34', 'T'));
    expect(n).toContain('<link rel="modulepreload" href="/assets/chunk-[hash].js">\n');
    expect(n).toContain('<script type="module" src="/assets/entry-[hash].js">\n');
    expect(n).toContain('  "assets": "/assets/entry-[hash].js",\n');
    expect(n).toContain('<p>\nHello\n<b>\nworld\n</b>\n</p>');
    expect(n).not.toContain('AB12CD34');
    expect(normaliseHtml(page('ZZZZ9999', 'T'))).toBe(n);
  });

  it('keeps unhashed names (logo.svg), short suffixes and lower-case words (uploads) as they are', () => {
    expect(normaliseHtml('<img src="/assets/logo.svg"><a href="/news/post-2024">x</a>')).toBe('<img src="/assets/logo.svg">\n<a href="/news/post-2024">\nx\n</a>\n');
    expect(normaliseHtml('<img src="/uploads/2024/03/lessons-in-production.jpg">')).toBe('<img src="/uploads/2024/03/lessons-in-production.jpg">\n');
  });
});

describe('pressroom diff of output folders', () => {
  const base = { 'index.html': page('AAAA1111', 'Home'), 'news/a/index.html': page('AAAA1111', 'A'), 'robots.txt': 'User-agent: *\n', 'pressroom-manifest.json': '{"a":1}' };

  it('equal folders are equal', async () => {
    const r = await diffBuilds(await site({ ...base, ...bundle('AAAA1111') }), await site({ ...base, ...bundle('AAAA1111') }));
    expect(r.equal).toBe(true);
    expect(formatDiff(r)).toBe('No differences.\n');
  });

  it('a rebuilt bundle alone (new hashes everywhere, new manifest) is equal', async () => {
    const rebuilt = { 'index.html': page('BBBB2222', 'Home'), 'news/a/index.html': page('BBBB2222', 'A'), 'robots.txt': 'User-agent: *\n', 'pressroom-manifest.json': '{"b":2}', ...bundle('BBBB2222') };
    const r = await diffBuilds(await site({ ...base, ...bundle('AAAA1111') }), await site(rebuilt));
    expect(r.equal).toBe(true);
  });

  it('reports routes added, removed and changed, with a unified diff of the changed page', async () => {
    const next = { ...base, 'news/a/index.html': page('AAAA1111', 'A', '<p>Hello <b>there</b></p>'), 'news/b/index.html': page('AAAA1111', 'B'), 'robots.txt': 'User-agent: *\nDisallow: /x\n' };
    delete (next as Record<string, string>)['index.html'];
    const r = await diffBuilds(await site(base), await site(next));
    expect(r.kind).toBe('out');
    if (r.kind !== 'out') return;
    expect(r.equal).toBe(false);
    expect(r.pages.added).toEqual(['news/b/index.html']);
    expect(r.pages.removed).toEqual(['index.html']);
    expect(r.pages.changed.map((c) => c.file)).toEqual(['news/a/index.html']);
    expect(r.pages.changed[0].diff).toContain('-world\n+there\n');
    expect(r.files.changed).toEqual(['robots.txt']);
    const text = formatDiff(r);
    expect(text).toContain('Routes: 1 added, 1 removed, 1 changed');
    expect(text).toContain('--- a/news/a/index.html');
  });
});

describe('pressroom diff of snapshots and bad arguments', () => {
  it('compares entries by key', async () => {
    const make = async (bodies: Record<string, unknown>) => {
      const s = new Snapshot();
      for (const [p, b] of Object.entries(bodies)) s.set(p, { status: 200, body: b });
      const dir = await testDir('pr-snap-');
      await s.save(dir, { createdAt: '2026-01-01T00:00:00Z', apiBase: 'x' });
      return dir;
    };
    const a = await make({ '/api/a': 1, '/api/b': 2, '/api/c': 3 });
    const b = await make({ '/api/a': 1, '/api/b': 20, '/api/d': 4 });
    const r = await diffBuilds(a, b);
    expect(r).toEqual({ kind: 'snapshot', equal: false, added: ['GET /api/d'], removed: ['GET /api/c'], changed: ['GET /api/b'] });
    expect((await diffBuilds(a, a)).equal).toBe(true);
    await expect(diffBuilds(a, await site(base()))).rejects.toMatchObject({ code: 'PR_USAGE' });
  });

  it('an argument that is neither a folder nor a release id is a usage error', async () => {
    const dir = await testDir('pr-diff-');
    await rm(dir, { recursive: true });
    await expect(resolveSide(dir)).rejects.toMatchObject({ code: 'PR_USAGE' });
    await expect(resolveSide('20260101T000000000Z', join(dir, 'out'))).rejects.toMatchObject({ code: 'PR_USAGE' });
  });
});

function base() {
  return { 'index.html': page('AAAA1111', 'Home') };
}
