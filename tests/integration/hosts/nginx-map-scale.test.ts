// The nginx map file is the only http-level include docs/deploying.md asks for, so the hash sizes its
// keys need travel in it: Debian's stock nginx.conf (bucket size 64, max size 2048) refuses a key of
// over 46 bytes ("could not build map_hash, you should increase map_hash_bucket_size"), and builds a
// map of many thousands only with a warning that it ignores the bucket size. Here stock nginx starts
// without either with maps of 20,000 redirects of realistic lengths, with and without a key of 1,000
// bytes, and answers the first, the longest and the last.
import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { nginxRedirects } from '../../../src/emit/redirects/nginx.ts';
import { shellRewrites } from '../../../src/plan/index.ts';
import type { RedirectRule } from '../../../src/site/types.ts';
import { useTempDir } from '../../helpers/temp.ts';
import { startWebServer } from '../../helpers/web-servers.ts';

const tmp = useTempDir('pressroom-nginx-map-');

const status = (origin: string, path: string): Promise<{ status: number; location?: string }> =>
  new Promise((ok, fail) => {
    request(`${origin}${path}`, (res) => {
      res.resume();
      res.on('end', () => ok({ status: res.statusCode ?? 0, location: res.headers.location }));
    })
      .on('error', fail)
      .end();
  });

// Without the long key the bucket is small, so the table's size must grow with the count.
for (const longKey of [false, true]) {
  it(`stock nginx starts with 20,000 redirects${longKey ? ' and a key of 1,000 bytes' : ''}, and answers them`, async () => {
    const redirects: RedirectRule[] = [];
    for (let i = 0; i < 20_000; i++) {
      // Slug lengths as a news CMS makes them (20 to 150 characters).
      const slug = `story-${i}-${'word-'.repeat(3 + (i % 28))}end`;
      redirects.push({ from: `/news/${i % 7 === 0 ? 'caf%C3%A9-' : ''}${slug}`, to: `/n/${i}`, status: 301, source: 'test' });
    }
    if (longKey) redirects.push({ from: `/long/${'x'.repeat(994)}`, to: '/longest', status: 301, source: 'test' });
    redirects.sort((a, b) => (a.from < b.from ? -1 : 1));
    const files = nginxRedirects.render({ redirects, rewrites: shellRewrites(), hosts: ['nginx'], immutablePrefixes: ['/assets/'] });
    const dir = join(tmp.dir, longKey ? 'long' : 'plain');
    const snippets = join(dir, 'hosts');
    await mkdir(join(snippets, 'nginx'), { recursive: true });
    for (const f of files) await writeFile(join(snippets, f.path), f.contents);
    const root = join(dir, 'out');
    await mkdir(root);
    const server = await startWebServer('nginx', { root, snippets }, join(dir, 'servers'));
    try {
      // Neither refused nor built with a warning ("could not build optimal map_hash ... ignoring map_hash_bucket_size").
      expect(server.log()).not.toMatch(/could not build/);
      const longest = redirects.reduce((a, b) => (b.from.length > a.from.length ? b : a));
      for (const r of [redirects[0], longest, redirects.at(-1)!]) {
        for (const path of [r.from, `${r.from}/`]) {
          const a = await status(server.origin, path);
          expect({ path: path.slice(0, 60), status: a.status, to: a.location && new URL(a.location, server.origin).pathname }).toEqual({ path: path.slice(0, 60), status: 301, to: r.to });
        }
      }
    } finally {
      await server.close();
    }
  });
}
