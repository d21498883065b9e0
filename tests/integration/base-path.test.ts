// A site served under a base path (docs/deploying.md, "GitHub Pages project
// sites"): the sample built for https://user.github.io/project, then every
// page, sitemap, feed, robots.txt, redirect and header file and server snippet
// is read back and every URL in it that points at the site is checked: site
// paths start with /project/, absolute URLs with the site's address, none with
// the prefix twice. Then each distinct internal URL is requested through
// `pressroom serve` (which serves under the build's base path) and must answer.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuildReport } from '../../src/pipeline/index.ts';
import type { Serving } from '../../src/serve/index.ts';
import { listFiles } from '../helpers/files.ts';
import { buildInto, serveOut, tempDir } from '../helpers/pressroom.ts';
import { warningLine } from '../helpers/warnings.ts';

const SITE = 'https://user.github.io/project';
const BASE = '/project';
const ORIGIN = 'https://user.github.io';
// Every host format, so that each writer's output is walked; github-pages next to
// gitlab and netlify is warned about (meta pages shadow rules), which is harmless here.
const HOSTS = 'netlify,gitlab,vercel,nginx,apache,caddy,s3,github-pages';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let report: BuildReport;
let files: string[];
let serving: Serving | undefined;
let followable: string[] = [];

/** One URL found in the output: where, in what role, and its value. */
interface Found {
  file: string;
  kind: string;
  url: string;
}
const found: Found[] = [];
const problems: string[] = [];

const decode = (s: string) => s.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');

/** Records a URL and checks it: a site path or an absolute URL on the site's origin must be under the base path, once. */
function check(file: string, kind: string, raw: string): void {
  const url = raw.trim();
  if (url === '' || url.startsWith('#') || /^(mailto|tel|data|javascript):/i.test(url)) return;
  if (url.startsWith('//')) {
    problems.push(`${file}: ${kind} ${url} is protocol-relative`);
    return;
  }
  if (url.startsWith('/')) {
    found.push({ file, kind, url });
    if (!(url === `${BASE}/` || url.startsWith(`${BASE}/`))) problems.push(`${file}: ${kind} ${url} is not under ${BASE}/`);
    if (url.startsWith(`${BASE}${BASE}/`)) problems.push(`${file}: ${kind} ${url} carries the base path twice`);
    return;
  }
  if (/^https?:\/\//i.test(url) && new URL(url).origin === ORIGIN) {
    found.push({ file, kind, url });
    if (!url.startsWith(`${SITE}/`)) problems.push(`${file}: ${kind} ${url} is not under ${SITE}/`);
    if (url.startsWith(`${SITE}${BASE}/`)) problems.push(`${file}: ${kind} ${url} carries the base path twice`);
  }
}

/** The role of an attribute in its tag, for the per-kind counts. */
function attrKind(tag: string, attr: string): string {
  const rel = /\srel="([^"]*)"/.exec(tag)?.[1];
  const property = /\s(?:property|name)="([^"]*)"/.exec(tag)?.[1];
  const name = /^<([a-z]+)/i.exec(tag)?.[1]?.toLowerCase() ?? '?';
  if (attr === 'content') return `meta ${property ?? /http-equiv="([^"]*)"/.exec(tag)?.[1] ?? '?'}`;
  return rel ? `${name} ${rel} ${attr}` : `${name} ${attr}`;
}

function walkHtml(file: string, html: string): void {
  for (const [tag] of html.matchAll(/<[a-z][^>]*>/gi)) {
    for (const m of tag.matchAll(/\s(href|src|srcset|imagesrcset|content|action|poster)="([^"]*)"/gi)) {
      const attr = m[1].toLowerCase();
      const value = decode(m[2]);
      const kind = attrKind(tag, attr);
      if (attr.endsWith('srcset')) for (const part of value.split(',')) check(file, kind, part.trim().split(/\s+/)[0] ?? '');
      else if (attr === 'content') {
        const refresh = /^\d+;\s*url=(.*)$/i.exec(value);
        if (refresh) check(file, kind, refresh[1]);
        else if (/^(https?:\/\/|\/)/i.test(value)) check(file, kind, value);
      } else check(file, kind, value);
    }
  }
  for (const m of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) walkJson(file, 'json-ld', JSON.parse(m[1]));
  // The redirect page's script fallback: location.replace("...").
  for (const m of html.matchAll(/location\.replace\(("(?:[^"\\]|\\.)*")\)/g)) check(file, 'script location.replace', JSON.parse(m[1]) as string);
}

function walkJson(file: string, kind: string, value: unknown, key = ''): void {
  if (typeof value === 'string') {
    if (/^(https?:\/\/|\/)/i.test(value)) check(file, `${kind} ${key}`, value);
    // A JSON Feed's content_html holds HTML with its own links and images.
    if (key === 'content_html') walkHtml(file, value);
  } else if (Array.isArray(value)) value.forEach((v) => walkJson(file, kind, v, key));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walkJson(file, kind, v, k);
}

function walkXml(file: string, xml: string): void {
  for (const m of xml.matchAll(/<((?:image:|news:)?loc|link|id|guid|url)>([^<]*)<\/\1>/g)) check(file, `xml ${m[1]}`, decode(m[2]));
  for (const m of xml.matchAll(/\s(href|url)="([^"]*)"/g)) check(file, `xml @${m[1]}`, decode(m[2]));
  // Feed entries carry HTML (the image and excerpt) escaped inside <content> or <description>.
  for (const m of xml.matchAll(/<(content|description|summary)[^>]*>([\s\S]*?)<\/\1>/g)) walkHtml(file, decode(m[2].replace(/^<!\[CDATA\[|\]\]>$/g, '')));
}

beforeAll(async () => {
  tmp = await tempDir('pressroom-base-path-');
  out = join(tmp.dir, 'out');
  // The folder layout pinned: with github-pages "auto" would write x.html (that layout: tests/integration/hosts/real-servers-page-files.test.ts).
  report = await buildInto(tmp.dir, { sample: true, siteUrl: SITE, hosts: HOSTS, handleSignals: false, env: { PRESSROOM_PAGE_FILES: 'folder' } });
  files = await listFiles(out);
  for (const f of files) {
    if (f.startsWith('data/') || f.startsWith('assets/')) continue;
    const text = await readFile(join(out, f), 'utf8');
    if (f.endsWith('.html')) walkHtml(f, text);
    else if (f.endsWith('.xml')) walkXml(f, text);
    // vercel.json holds path patterns, not URLs: it is read with the other host files below.
    else if (f.endsWith('.json') && f !== 'pressroom-manifest.json' && f !== 'vercel.json') walkJson(f, 'json', JSON.parse(text));
  }
  // What a reader or crawler can follow: everything found so far, except the self-URLs of the
  // documents that are never addressed by their own path (404.html and the run-time shells,
  // all noindex; a root build names /404 and /_shell/... there alike).
  followable = [...new Set(found.filter((x) => !(/^(404\.html|_shell\/)/.test(x.file) && /canonical|og:url/.test(x.kind))).map((x) => x.url))];
});
afterAll(async () => {
  await serving?.close();
  await tmp?.cleanup();
});

describe('a build for https://user.github.io/project', () => {
  it('derives the base path from site.url and records it', async () => {
    const manifest = JSON.parse(await readFile(join(out, 'pressroom-manifest.json'), 'utf8'));
    expect(manifest.basePath).toBe(BASE);
    expect(report.pages).toBeGreaterThan(300);
    // The hosts that serve a deploy at a domain's root are named in a warning.
    expect(report.warnings.map(warningLine).some((w) => w.startsWith('W_BASE_PATH_ROOT_HOST') && /netlify, vercel/.test(w))).toBe(true);
  });

  it('puts every internal URL of every page, sitemap and feed under the base path, none twice', () => {
    expect(problems.slice(0, 20)).toEqual([]);
    const kinds = new Map<string, number>();
    for (const f of found) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
    const count = (re: RegExp) => [...kinds].filter(([k]) => re.test(k)).reduce((n, [, c]) => n + c, 0);
    // Every role the check is meant to cover was actually seen (so this test can fail).
    for (const re of [/^a href$/, /^img src$/, /^img srcset$/, /^link preload imagesrcset$/, /^link modulepreload href$/, /^link canonical href$/, /^link stylesheet href$/, /^link icon href$/, /^link alternate href$/, /^script src$/, /^meta og:url$/, /^meta og:image$/, /^meta refresh$/, /^script location\.replace$/, /^json-ld /, /^xml loc$/, /^xml image:loc$/, /^xml @href$/, /^xml link$/, /^json (url|home_page_url|feed_url)$/]) {
      expect(count(re), String(re)).toBeGreaterThan(0);
    }
    expect(found.length).toBeGreaterThan(20_000);
  });

  it('writes the pages where a root build writes them: the host maps the prefix to out/', () => {
    expect(files).toContain('index.html');
    expect(files).toContain('about/index.html');
    expect(files).toContain('404.html');
    expect(files.some((f) => f.startsWith('project/'))).toBe(false);
  });

  it('names no path with the prefix twice anywhere in out/ or the server snippets', async () => {
    const snippets = (await listFiles(join(tmp.dir, '.pressroom', 'out', 'hosts'))).map((f) => join(tmp.dir, '.pressroom', 'out', 'hosts', f));
    expect(snippets.length).toBeGreaterThan(0);
    for (const f of [...files.filter((x) => /\.(html|xml|json|js|css|txt)$|(^|\/)_(redirects|headers)$|\.htaccess$/.test(x)).map((x) => join(out, x)), ...snippets]) {
      const text = await readFile(f, 'utf8');
      expect(text.includes(`${BASE}${BASE}/`), f).toBe(false);
    }
  });

  it('rebases the bundle: no script or stylesheet names a file of out/assets/ without the prefix', async () => {
    const assets = files.filter((f) => f.startsWith('assets/'));
    const own = new Set(assets.map((f) => `/${f}`));
    let references = 0;
    for (const f of assets.filter((x) => /\.(js|css)$/.test(x))) {
      const text = await readFile(join(out, f), 'utf8');
      for (const m of text.matchAll(/["'`(](\/[A-Za-z0-9._~/-]+\.(?:js|css|svg))["'`)]/g)) {
        if (own.has(m[1])) throw new Error(`${f} names ${m[1]} without ${BASE}`);
        if (m[1].startsWith(`${BASE}/`)) {
          expect(own.has(m[1].slice(BASE.length)), `${f}: ${m[1]}`).toBe(true);
          references += 1;
        }
      }
    }
    expect(references).toBeGreaterThan(10);
  });

  it('writes redirect, header and robots files in the prefixed URL space', async () => {
    const read = (f: string) => readFile(join(out, f), 'utf8');
    const redirects = (await read('_redirects')).split('\n').filter((l) => l && !l.startsWith('#'));
    expect(redirects.length).toBeGreaterThan(10);
    for (const line of redirects) {
      const [from, to] = line.split(' ');
      check('_redirects', 'redirect from', from.replace(/\*$/, ''));
      check('_redirects', 'redirect to', to);
    }
    const headers = (await read('_headers')).split('\n').filter((l) => l.startsWith('/'));
    expect(headers.length).toBeGreaterThan(10);
    for (const p of headers) check('_headers', 'header rule', p.replace(/\*$/, ''));
    const vercel = JSON.parse(await read('vercel.json')) as { redirects: { source: string; destination: string }[]; rewrites: { source: string; destination: string }[]; headers: { source: string }[] };
    for (const r of [...vercel.redirects, ...vercel.rewrites]) {
      check('vercel.json', 'source', r.source.replace(/\\/g, ''));
      check('vercel.json', 'destination', decodeURIComponent(r.destination));
    }
    for (const h of vercel.headers) check('vercel.json', 'headers source', h.source);
    for (const line of (await read('.htaccess')).split('\n')) {
      const rm = /^RedirectMatch \d+ "\^([^"]*)" "([^"]*)"$/.exec(line);
      if (rm) {
        // '^/project/old/?$' -> '/project/old' (escaped bytes read as one letter; '^/project/?$' and '^/project$' are the home page).
        const pattern = rm[1].replace(/\/\?\$$|\$$/, '').replace(/\\x[0-9a-f]{2}/g, 'x');
        check('.htaccess', 'RedirectMatch pattern', pattern === BASE ? `${BASE}/` : pattern);
        check('.htaccess', 'RedirectMatch target', rm[2]);
      }
      const rw = /^RewriteRule "\^(search|preview)\/" "([^"]*)" \[L\]$/.exec(line);
      if (rw) check('.htaccess', 'RewriteRule target', rw[2]);
    }
    expect(await read('.htaccess')).toContain(`ErrorDocument 404 ${BASE}/404.html`);
    const robots = await read('robots.txt');
    expect(robots).toContain(`Allow: ${BASE}/\nDisallow: ${BASE}/preview/\nDisallow: ${BASE}/_shell/`);
    expect(robots).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(problems).toEqual([]);
  });

  it('answers every internal URL through pressroom serve under the base path', async () => {
    serving = await serveOut(out);
    expect(serving.base).toBe(BASE);
    const origin = serving.url.slice(0, -BASE.length);
    const redirectSources = new Set(
      (await readFile(join(out, '_redirects'), 'utf8'))
        .split('\n')
        .filter((l) => l && !l.startsWith('#') && !l.includes('*'))
        .map((l) => l.split(' ')[0]),
    );
    const urls = [...new Set(followable.map((u) => (u.startsWith('/') ? u : u.slice(ORIGIN.length)).replace(/#.*$/, '')))].sort();
    expect(urls.length).toBeGreaterThan(500);
    const failed: string[] = [];
    let next = 0;
    async function worker() {
      while (next < urls.length) {
        const url = urls[next++];
        const res = await fetch(`${origin}${url}`, { redirect: 'manual' });
        await res.arrayBuffer();
        const path = url.replace(/\?.*$/, '');
        const ok = res.status === 200 || (res.status >= 301 && res.status <= 308 && (redirectSources.has(path) || redirectSources.has(path.replace(/\/$/, ''))));
        if (!ok) failed.push(`${url}: ${res.status}`);
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(failed.slice(0, 20)).toEqual([]);
    // And outside the base path there is nothing.
    expect((await fetch(`${origin}/about`)).status).toBe(404);
  });
});
