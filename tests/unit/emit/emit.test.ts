import { spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { emit as stage, MANIFEST_FILE, type EmitInput, type EmittedPage } from '../../../src/emit/index.ts';
import { hostSnippetsDirFor } from '../../../src/emit/host-snippets.ts';
import { publishStaged, recover } from '../../../src/publish/index.ts';
import { outPaths } from '../../../src/publish/paths.ts';
import type { BuildPlan } from '../../../src/plan/types.ts';
import { memorySnapshot } from '../../helpers/memory-snapshot.ts';
import { listFiles } from '../../helpers/files.ts';
import { testDir } from '../../helpers/temp.ts';

/** emit stages; the publish stage puts it in place (a first publish: no previous release). */
async function emit(input: EmitInput) {
  await recover(input.out);
  const staged = await stage(input);
  await publishStaged(input.out, staged, undefined, { precompress: false });
  return staged;
}

let dir: string;
beforeEach(async () => {
  dir = await testDir('pressroom-emit-');
});

const plan: BuildPlan = {
  validUntil: '2026-01-03T00:00:00.000Z',
  routes: [
    { kind: 'home', path: '/', params: {}, deps: [], sitemap: { lastmod: '2026-01-02T00:00:00.000Z' }, record: 'home', file: 'index.html' },
    { kind: 'not-found', path: '/404', params: {}, deps: [], sitemap: null, record: 'nf', file: '404.html' },
    { kind: 'article', path: '/news/a', params: {}, deps: [], sitemap: {}, record: 'a', file: 'news/a/index.html' },
  ],
  redirects: [{ from: '/old', to: '/news/a', status: 301, source: 'test' }],
  rewrites: [{ prefix: '/search/', to: '/_shell/search.html', status: 200 }],
  sitemap: [
    { url: 'https://site.example/', lastmod: '2026-01-02T00:00:00.000Z', images: [] },
    { url: 'https://site.example/news/a', images: ['https://site.example/uploads/a.jpg'] },
  ],
};

async function* pagesOf(list: EmittedPage[], failAt = -1): AsyncGenerator<EmittedPage> {
  for (const [i, p] of list.entries()) {
    if (i === failAt) throw new Error('render blew up');
    yield p;
  }
}
const PAGES: EmittedPage[] = plan.routes.map((r) => ({ path: r.path, file: r.file, html: `<!doctype html><title>${r.record}</title>` }));
const snap = memorySnapshot({
  '/api/post/topic/news?limit=10&page=1': { body: { b: 1, a: '</script><!--\u2028' } },
  '/api/post/postdetails/news/missing': { status: 501, body: { error: 'Post not Found!' } },
  '/__sample/redirects': { body: [] },
});
const input = (out: string, extra: Partial<EmitInput> = {}): EmitInput => ({
  out,
  staging: outPaths(out).staging(),
  plan,
  pages: pagesOf(PAGES),
  entries: snap.entries(),
  lookup: (p) => snap.get(p),
  bundleFiles: [{ path: 'assets/app-ABC12345.js', contents: 'console.log(1)' }],
  config: { site: { url: 'https://site.example', name: 'Site', language: 'en' } as any, hosts: ['netlify', 'cloudflare', 'nginx'] },
  source: { kind: 'api', base: 'http://api.test' },
  ...extra,
});

describe('emit', () => {
  it('writes pages, mirror, sitemaps, robots, redirect maps, bundle and a sorted manifest', async () => {
    const out = join(dir, 'out');
    const res = await emit(input(out));
    const files = await listFiles(out);
    // The manifest: its index and one part (a JSON list of every other file's entry, named by its sha256).
    const manifest = JSON.parse(await readFile(join(out, MANIFEST_FILE), 'utf8'));
    expect(manifest).toMatchObject({ version: 2, source: { kind: 'api', base: 'http://api.test' }, parts: [{ path: expect.stringMatching(/^pressroom-manifest\/[0-9a-f]{64}\.json$/) }] });
    const part = manifest.parts[0].path;
    expect(files).toEqual([
      '404.html',
      '_headers',
      '_redirects',
      'assets/app-ABC12345.js',
      'data/post/postdetails/news/missing.json',
      'data/post/topic/news@limit=10,page=1.json',
      'index.html',
      'news/a/index.html',
      MANIFEST_FILE,
      part,
      // nginx is among the hosts, so output.precompress "auto" writes siblings of text files of 1 KB and more.
      `${part}.br`,
      `${part}.gz`,
      'robots.txt',
      'sitemap.xml',
      'sitemaps/sitemap-0.xml',
    ]);
    expect(res.pages).toBe(3);
    const mirror = await readFile(join(out, 'data/post/topic/news@limit=10,page=1.json'), 'utf8');
    expect(mirror).toBe('{"body":{"a":"\\u003c/script\\u003e\\u003c!--\\u2028","b":1},"status":200}');
    expect(JSON.parse(mirror).body.a).toBe('</script><!--\u2028');
    const redirects = await readFile(join(out, '_redirects'), 'utf8');
    // Cloudflare Pages is among the hosts: the old URL's trailing-slash form too, the shell without .html (src/emit/redirects/netlify.ts).
    expect(redirects).toContain('\n/old /news/a 301\n/old/ /news/a 301\n/search/* /_shell/search 200\n');
    // _headers: the hashed bundle immutable and the data mirror revalidated, as docs/deploying.md says (the mirror is not among the files _headers is given).
    expect(await readFile(join(out, '_headers'), 'utf8')).toBe(
      '# Generated by pressroom build: hashed assets cached for a year, everything else revalidated.\n/assets/app-ABC12345.js\n  Cache-Control: public, max-age=31536000, immutable\n/data/*\n  Cache-Control: max-age=0, must-revalidate\n',
    );
    // Server snippets are operator configuration: beside out/, never published.
    const hosts = hostSnippetsDirFor(out);
    expect(hosts).toBe(join(dir, '.pressroom', 'out', 'hosts'));
    expect(await listFiles(hosts)).toEqual(['nginx/pressroom.conf', 'nginx/redirects.map']);
    const conf = await readFile(join(hosts, 'nginx/pressroom.conf'), 'utf8');
    expect(conf).toContain('try_files $uri $uri/index.html =404;');
    expect(conf).toContain('error_page 404 /404.html;');
    expect(conf).toContain('location ~ "^/assets/[^/]+-[A-Za-z0-9]{8,}\\.(js|css)$" {');
    expect(await readFile(join(hosts, 'nginx/redirects.map'), 'utf8')).toContain('  "/old" "/news/a";');
    expect(await readFile(join(out, 'robots.txt'), 'utf8')).toContain('Sitemap: https://site.example/sitemap.xml\n');
    const index = await readFile(join(out, 'sitemap.xml'), 'utf8');
    expect(index).toContain('<loc>https://site.example/sitemaps/sitemap-0.xml</loc>');
    const shard = await readFile(join(out, 'sitemaps/sitemap-0.xml'), 'utf8');
    expect(shard).toContain('<loc>https://site.example/news/a</loc>');
    expect(shard).toContain('<image:loc>https://site.example/uploads/a.jpg</image:loc>');
    const listed = JSON.parse(await readFile(join(out, part), 'utf8'));
    expect(listed.map((f: { path: string }) => f.path)).toEqual(files.filter((f) => !f.startsWith('pressroom-manifest')));
    // Precompressed siblings are not manifest entries: they follow their file.
    expect(listed[0]).toMatchObject({ path: '404.html', size: PAGES[1].html.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Nothing staged is left: beside out/ only the snippet folder (no .tmp or .old of it).
    expect((await readdir(dir)).sort()).toEqual(['.pressroom', 'out']);
    expect(await readdir(join(dir, '.pressroom', 'out'))).toEqual(['hosts']);
  });

  it('is deterministic: the same inputs give byte-identical output', async () => {
    await emit(input(join(dir, 'a')));
    await emit(input(join(dir, 'b'), { pages: pagesOf(PAGES) }));
    const a = await listFiles(join(dir, 'a'));
    expect(await listFiles(join(dir, 'b'))).toEqual(a);
    for (const f of a) expect(await readFile(join(dir, 'b', f), 'utf8')).toBe(await readFile(join(dir, 'a', f), 'utf8'));
  });

  it('leaves the previous out/ exactly as it was when the build fails, and removes its staging folder', async () => {
    const out = join(dir, 'out');
    await mkdir(out);
    await writeFile(join(out, 'index.html'), 'previous site');
    await expect(emit(input(out, { pages: pagesOf(PAGES, 2) }))).rejects.toThrow('render blew up');
    expect(await listFiles(out)).toEqual(['index.html']);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous site');
    expect((await readdir(dir)).sort()).toEqual(['out']);
  });

  it('fails when the renderer yields a page the plan does not have (another file, or a planned file under another path), in a sorted plan or one made in any order', async () => {
    const stray = [
      { path: '/news/b', file: 'news/b/index.html', html: 'x' },
      { path: '/news/a', file: 'news/a/other.html', html: 'x' },
      { path: '/news/z', file: 'news/a/index.html', html: 'x' },
    ];
    for (const routes of [plan.routes, [...plan.routes].reverse()]) {
      for (const page of stray) {
        const out = join(dir, `out-${routes === plan.routes ? 'sorted' : 'reversed'}-${page.path.slice(6)}-${page.file.length}`);
        await expect(emit(input(out, { plan: { ...plan, routes }, pages: pagesOf([...PAGES.slice(0, 2), page]) }))).rejects.toMatchObject({
          code: 'PR_INTERNAL',
          message: expect.stringContaining(`render produced ${page.file} for ${page.path}, which the plan does not have`),
        });
      }
      // Every planned page, in any order of the plan, is accepted.
      const out = join(dir, `out-ok-${routes === plan.routes ? 'sorted' : 'reversed'}`);
      await expect(emit(input(out, { plan: { ...plan, routes }, pages: pagesOf([...PAGES].reverse()) }))).resolves.toMatchObject({ pages: 3 });
    }
  });

  it('fails when the renderer skips a planned page', async () => {
    const out = join(dir, 'out');
    await expect(emit(input(out, { pages: pagesOf(PAGES.slice(0, 2)) }))).rejects.toMatchObject({ code: 'PR_INTERNAL', message: expect.stringContaining('news/a/index.html') });
  });

  it('fails naming Cloudflare and the count when the redirects pass its limit', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => ({ from: `/r${i}`, to: '/', status: 301 as const, source: 't' }));
    await expect(emit(input(join(dir, 'out'), { plan: { ...plan, redirects: many } }))).rejects.toMatchObject({
      code: 'PR_REDIRECT_LIMIT',
      message: expect.stringMatching(/Cloudflare Pages.*2000.*2001/),
    });
    // Netlify alone states no limit.
    await emit(input(join(dir, 'out'), { plan: { ...plan, redirects: many }, pages: pagesOf(PAGES), config: { ...input('').config, hosts: ['netlify'] } }));
  });

  it('keeps the snippet folder to the latest build: a failed build leaves it, a build without snippet hosts removes it', async () => {
    const out = join(dir, 'out');
    await emit(input(out));
    const before = await listFiles(hostSnippetsDirFor(out));
    expect(before).toEqual(['nginx/pressroom.conf', 'nginx/redirects.map']);
    const many = Array.from({ length: 2001 }, (_, i) => ({ from: `/r${i}`, to: '/', status: 301 as const, source: 't' }));
    await expect(emit(input(out, { plan: { ...plan, redirects: many } }))).rejects.toMatchObject({ code: 'PR_REDIRECT_LIMIT' });
    expect(await listFiles(hostSnippetsDirFor(out))).toEqual(before);
    await emit(input(out, { config: { ...input('').config, hosts: ['netlify'] } }));
    // Only the spare tree (the previous site, src/publish/spare.ts) is left beside out/.
    expect(await readdir(join(dir, '.pressroom', 'out'))).toEqual(['spare']);
  });
});

describe('publish recovery', () => {
  const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid;

  it('removes staging and old folders of dead builds and keeps live ones', async () => {
    const out = join(dir, 'out');
    await mkdir(out);
    const dead = deadPid();
    await mkdir(join(dir, `out.staging-${dead}`));
    await mkdir(join(dir, `out.old-${dead}`));
    await mkdir(join(dir, `out.staging-${process.pid}`));
    await recover(out);
    expect((await readdir(dir)).sort()).toEqual(['out', `out.staging-${process.pid}`]);
  });

  it('restores the previous site when a publish was killed between its two renames', async () => {
    const out = join(dir, 'out');
    const dead = deadPid();
    await mkdir(join(dir, `out.old-${dead}`));
    await writeFile(join(dir, `out.old-${dead}`, 'index.html'), 'previous site');
    await mkdir(join(dir, `out.staging-${dead}`));
    await recover(out);
    expect(await readFile(join(out, 'index.html'), 'utf8')).toBe('previous site');
    expect((await readdir(dir)).sort()).toEqual(['out']);
  });
});
