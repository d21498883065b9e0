// The end-to-end security proof (docs/architecture.md, "Untrusted input";
// docs/sample-api.md, "The hostile corpus"): `pressroom build` through the real
// CLI against the sample API's hostile corpus.
//  A. With --strict, the corpus's case and NFC/NFD twins and its wrong-typed
//     records fail the build with PR_QUARANTINE_STRICT (exit 5) naming them, and
//     the previous out/ stays byte for byte as it was.
//  B. Without --strict the same corpus builds (exit 0): one of each twin pair and
//     every record with a wrong field type or an unusable slug is quarantined
//     (named in the report with endpoint, id and reason), every other hostile
//     record is rendered harmless; the whole output is checked.
// One build per scenario, all in beforeAll; the checks only read the results.
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ep } from '../../../src/api/endpoints.ts';
import { mirrorFile } from '../../../src/api/mirror.ts';
import { readShape } from '../../../src/api/schemas.ts';
import { hostSnippetsDirFor } from '../../../src/emit/host-snippets.ts';
import { shellRewrites } from '../../../src/plan/index.ts';
import type { RedirectRecord } from '../../../src/api/types.ts';
import type { BuildReport } from '../../../src/pipeline/index.ts';
import { type SampleApi } from '../../../src/sample-api/index.ts';
import { listFiles, treeHashes } from '../../helpers/files.ts';
import { ROOT, spawnCli, startTestApi, tempDir, TEST_NOW } from '../../helpers/pressroom.ts';
import { badNames, badSegment, escapingEntries, inspectHtml, stringsIn, walk } from './inspect.ts';
import { readRedirectFiles } from './redirect-files.ts';
import { warningLine } from '../../helpers/warnings.ts';

const POSTS = 40;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

async function cli(args: string[]): Promise<Run> {
  const run = spawnCli(['build', '--now', TEST_NOW, ...args]);
  const { code } = await run.exit;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

const ctx = {} as {
  a: { dir: string; run: Run; before: Record<string, string>; beforeTop: string[]; beforeCurrent: string; beforeSnapshot: Record<string, string> };
  b: { dir: string; out: string; run: Run; report: BuildReport; hostileRedirects: RedirectRecord[]; api: SampleApi };
};
const cleanups: (() => Promise<void>)[] = [];

async function scenarioA(): Promise<void> {
  const normal = await startTestApi({ posts: POSTS });
  const hostile = await startTestApi({ posts: POSTS, corpus: 'hostile' });
  cleanups.push(() => normal.close(), () => hostile.close());
  const t = await tempDir('pressroom-sec-a-');
  cleanups.push(t.cleanup);
  const out = join(t.dir, 'out');
  const first = await cli(['--api', normal.url, '--out', out, '--quiet']);
  if (first.code !== 0) throw new Error(`the normal build failed (${first.code}):\n${first.stderr}`);
  const before = await treeHashes(out);
  const beforeTop = (await readdir(t.dir)).sort();
  const beforeCurrent = await readFile(join(t.dir, '.pressroom', 'out', 'current'), 'utf8');
  const beforeSnapshot = await treeHashes(join(t.dir, '.pressroom', 'snapshot'));
  const run = await cli(['--api', hostile.url, '--out', out, '--strict']);
  ctx.a = { dir: t.dir, run, before, beforeTop, beforeCurrent, beforeSnapshot };
}

async function scenarioB(): Promise<void> {
  const api = await startTestApi({ posts: POSTS, corpus: 'hostile' });
  cleanups.push(() => api.close());
  // The real API has no list of its redirect records (docs/api-contract.md,
  // "Redirects"), so with --api the build reads redirects from config/ only: the
  // hostile records go in there, through the same validation (src/plan/redirects.ts).
  const hostileRedirects = api.corpus.redirects.filter((r) => r.current_url.startsWith('/hostile/'));
  const cfgDir = await tempDir('pressroom-sec-cfg-');
  cleanups.push(cfgDir.cleanup);
  const config = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
  config.redirects = hostileRedirects.map((r) => ({ from: r.current_url, to: r.redirect_url, status: r.status }));
  // Every host format, GitHub Pages' redirect pages included (opt-in by default), gets the hostile data.
  config.hosts = ['netlify', 'cloudflare', 'gitlab', 'vercel', 'nginx', 'apache', 'caddy', 's3', 'github-pages'];
  // With cloudflare and github-pages "auto" would write x.html; these checks name the folder files (the layouts: tests/unit/plan, tests/integration/hosts).
  config.output = { ...config.output, pageFiles: 'folder' };
  const configFile = join(cfgDir.dir, 'site.json');
  await writeFile(configFile, JSON.stringify(config, null, 2));

  const t = await tempDir('pressroom-sec-b-');
  cleanups.push(t.cleanup);
  // The build runs in a folder of its own, so anything it writes beside out/ is visible.
  const dir = join(t.dir, 'site');
  await mkdir(dir);
  const out = join(dir, 'out');
  const run = await cli(['--api', api.url, '--out', out, '--config', configFile, '--json']);
  if (run.code !== 0) throw new Error(`the hostile build failed (${run.code}):\n${run.stderr}`);
  ctx.b = { dir, out, run, report: JSON.parse(run.stdout) as BuildReport, hostileRedirects, api };
}

beforeAll(async () => {
  await Promise.all([scenarioA(), scenarioB()]);
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe('A: --strict over a previous out/, with the hostile corpus\'s twins and wrong-typed records', () => {
  it('fails with exit code 5 and PR_QUARANTINE_STRICT naming the records', () => {
    const { run } = ctx.a;
    expect(run.code).toBe(5);
    expect(run.stderr).toMatch(/error PR_QUARANTINE_STRICT: --strict: \d+ record\(s\) failed their check and would be left out:/);
    expect(run.stderr).toContain('/api/advertisement/get_active: ad 103: duration_time: Invalid input: expected number, received string');
    expect(run.stderr).toContain('hint: Fix the named records in the CMS, or build without --strict');
    expect(run.stdout).toBe('');
  });

  it('leaves the previous out/ byte for byte as it was, and no staging, old or lock folder beside it', async () => {
    const { dir, before, beforeTop, beforeCurrent } = ctx.a;
    expect(Object.keys(before).length).toBeGreaterThan(100);
    expect(await treeHashes(join(dir, 'out'))).toEqual(before);
    expect((await readdir(dir)).sort()).toEqual(beforeTop);
    expect(await readFile(join(dir, '.pressroom', 'out', 'current'), 'utf8')).toBe(beforeCurrent);
  });

  it('keeps the saved snapshot of the published site (a failed build does not replace it)', async () => {
    const { dir, beforeSnapshot } = ctx.a;
    expect(Object.keys(beforeSnapshot).length).toBeGreaterThan(0);
    expect(await treeHashes(join(dir, '.pressroom', 'snapshot'))).toEqual(beforeSnapshot);
  });
});

describe('B: hostile corpus, quarantine', () => {
  it('keeps one of each twin pair and names the other, with the endpoint, id and reason', () => {
    const { report, out } = ctx.b;
    const twins = report.quarantined.filter((q) => q.reason.startsWith('writes the same file') && q.id.startsWith('post '));
    expect(twins).toHaveLength(2);
    const endpoints = twins.map((q) => q.endpoint).sort();
    expect(endpoints[0]).toMatch(/^\/api\/post\/postdetails\/news\/caf/);
    expect(endpoints[1]).toBe('/api/post/postdetails/news/case-twin');
    for (const q of twins) expect(q.reason).toMatch(/^writes the same file news\/(café-review|case-twin)\/index\.html as post \d+ \(news\/(café-review|Case-Twin)\), which is published/);
    // The kept twin is published; the NFC/NFD pair shares one path, so its file is there too.
    expect(existsSync(join(out, 'news/Case-Twin/index.html'))).toBe(true);
    expect(existsSync(join(out, 'news/café-review/index.html'))).toBe(true);
    // The other twins: the category News beside news, the NFD sub-category café, the event news beside News
    // (what their absence from every page means: ./quarantine-complete.test.ts).
    const others = report.quarantined.filter((q) => /^(category|sub-category|event) \d+ \(/.test(q.id)).map((q) => `${q.endpoint} ${q.id}`);
    expect(others).toEqual([
      expect.stringMatching(/^\/api\/category\/all category \d+ \(News\)$/),
      expect.stringMatching(/^\/api\/category\/subcatlist sub-category \d+ \(caf\u00e9\)$/u),
      expect.stringMatching(/^\/api\/event\/\w+\?page=\d+ event 1005 \(news\)$/),
    ]);
    expect(existsSync(join(out, 'events/News/index.html'))).toBe(true);
    expect(existsSync(join(out, 'events/news/index.html'))).toBe(false);
  });

  it('leaves out records with a wrong field type and says which field', () => {
    const { report } = ctx.b;
    expect(report.quarantined).toContainEqual({ endpoint: '/api/advertisement/get_active', id: 'ad 103', reason: 'duration_time: Invalid input: expected number, received string' });
    const events = report.quarantined.filter((q) => q.id === 'event 1003');
    expect(events.length).toBeGreaterThan(0);
    for (const q of events) {
      expect(q.endpoint).toMatch(/^\/api\/event\/(totalevents|upcoming_events|past_events)/);
      expect(q.reason).toBe('event_title: Invalid input: expected string, received number');
    }
    expect(report.warnings.map(warningLine)).toContain('W_QUARANTINE: /api/advertisement/get_active: ad 103 left out: duration_time: Invalid input: expected number, received string');
  });

  it('lists every dropped record in the report, sorted, and counts them in the summary line', () => {
    const { report, run } = ctx.b;
    const key = (q: { endpoint: string; id: string; reason: string }) => `${q.endpoint}\u0000${q.id}\u0000${q.reason}`;
    expect(report.quarantined.map(key)).toEqual(report.quarantined.map(key).sort());
    // Unusable slugs are quarantined too (as well as warned about below).
    expect(report.quarantined).toContainEqual({ endpoint: '/api/category/subcatlist', id: 'sub-category 41', reason: 'subcat_slug "../admin" contains a path separator' });
    expect(run.stderr).toContain(`, ${report.quarantined.length} quarantined`);
  });

  it('mirrors lists the browser reads with the same schemas, whole: nothing the build kept is left out again', async () => {
    const { out } = ctx.b;
    const files = (await listFiles(join(out, 'data'))).filter((f) => /^(post\/topic|author\/posts|author\/details)\/.+\.json$/.test(f));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files) {
      const { status, body } = JSON.parse(await readFile(join(out, 'data', f), 'utf8'));
      if (status !== 200) continue;
      const name = f.startsWith('post/topic') ? 'topic' : f.startsWith('author/posts') ? 'authorPosts' : 'authorDetails';
      const left: unknown[] = [];
      expect(readShape(name, body, (q) => left.push(q)), f).not.toBeNull();
      expect(left, f).toEqual([]);
    }
  });

  it('publishes every valid record: the hostile build has the pages of the normal corpus plus the harmless hostile posts', () => {
    const { report } = ctx.b;
    expect(report.pages).toBeGreaterThan(POSTS);
  });
});

describe('B: hostile corpus', () => {
  it('builds (exit 0) and reports each dropped record in --json warnings', () => {
    const { run, report } = ctx.b;
    expect(run.code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.pages).toBeGreaterThan(POSTS);
    // a few exact texts: the ads with script URLs, a sub-category, events, posts
    for (const w of [
      'W_URL: /api/advertisement/get_active: ad 101 dest_url "javascript:alert(13)" is not http(s); ad dropped',
      'W_URL: /api/advertisement/get_active: ad 102 dest_url "data:text/html,<script>alert(15)</script>" is not http(s); ad dropped',
      'W_SLUG: /api/category/subcatlist: sub-category 41 subcat_slug "../admin" contains a path separator',
      'W_SLUG: /api/post/topic/news?limit=10&page=1: post 1066 post_name "../../etc/passwd" contains a path separator',
      'W_SLUG: /api/post/topic/news?limit=10&page=1: post 1071 post_name "CON" a Windows reserved name',
    ]) {
      expect(report.warnings.map(warningLine)).toContain(w);
    }
  });

  it('names every hostile slug with the reason it was dropped', () => {
    const { report } = ctx.b;
    const dropped: [string, string, string][] = [
      ['post', 'post_name ".."', 'contains ".."'],
      ['post', 'post_name "../../etc/passwd"', 'contains a path separator'],
      ['post', 'post_name "a/b"', 'contains a path separator'],
      ['post', 'post_name "a%2Fb"', 'contains a percent-escape'],
      ['post', 'post_name "nul\\u0000byte"', 'contains a control character'],
      ['post', 'post_name "bell\\u0007char"', 'contains a control character'],
      ['post', 'post_name "CON"', 'a Windows reserved name'],
      ['post', 'post_name "com1"', 'a Windows reserved name'],
      ['post', `post_name "${'x'.repeat(300)}"`, 'longer than 200 bytes'],
      ['post', 'author_name "evil/author"', 'contains a path separator; link removed'],
      ['event', 'event_slug "event\\nnewline"', 'contains a control character'],
      ['event', 'event_slug "..%2F..%2Fevent"', 'contains a percent-escape'],
    ];
    for (const [kind, field, reason] of dropped) {
      const re = new RegExp(`^W_SLUG: /api/\\S+: ${kind} \\d+ ${escapeRe(field)} ${escapeRe(reason)}$`);
      expect(report.warnings.map(warningLine).some((w) => re.test(w)), `${kind} ${field} ${reason}`).toBe(true);
    }
  });

  it('drops each hostile redirect target with a warning naming its record', () => {
    const { report, hostileRedirects } = ctx.b;
    expect(hostileRedirects.map((r) => r.current_url).sort()).toEqual(['/hostile/absolute', '/hostile/javascript', '/hostile/newline', '/hostile/protocol-relative']);
    const reasons: Record<string, string> = {
      '/hostile/newline': 'target contains whitespace, a control character or a backslash',
      '/hostile/protocol-relative': 'target is protocol-relative ("//host") and would leave the site',
      '/hostile/javascript': 'target scheme javascript: is not http(s)',
      '/hostile/absolute': 'target host evil.example is not in api.redirectAllowHosts',
    };
    hostileRedirects.forEach((r, i) => {
      expect(report.warnings.map(warningLine)).toContain(`W_REDIRECT_INVALID: redirect dropped (config redirects[${i}]): ${reasons[r.current_url]}`);
    });
  });
});

describe('B: the whole output of the hostile build', () => {
  it('writes nothing outside out/ but the .pressroom state, and only safe file names', async () => {
    const { dir } = ctx.b;
    expect((await readdir(dir)).sort()).toEqual(['.pressroom', 'out']); // the lock and staging are gone
    expect((await readdir(join(dir, '.pressroom'))).sort()).toEqual(['out', 'snapshot']);
    const entries = await walk(dir);
    expect(entries.length).toBeGreaterThan(500);
    expect(await escapingEntries(dir, entries)).toEqual([]);
    expect(badNames(entries)).toEqual([]);
  });

  it('has no handler, foreign script, script URL or foreign iframe in any HTML page (jsdom)', async () => {
    const files = (await listFiles(ctx.b.out)).filter((f) => f.endsWith('.html'));
    const problems: string[] = [];
    let redirectPages = 0;
    for (const f of files) {
      const html = await readFile(join(ctx.b.out, f), 'utf8');
      const redirect = /<meta http-equiv="refresh"/i.test(html) && !html.includes('__PRESSROOM_DATA__');
      if (redirect) redirectPages++;
      const found = inspectHtml(f, html, redirect);
      problems.push(...found.problems);
      if (!redirect && found.data === undefined) problems.push(`${f}: no __PRESSROOM_DATA__`);
      // an element that markup in data would have created
      if (found.doc.querySelector('img[src="x"], h3[onclick], [onerror], [onmouseover]')) problems.push(`${f}: hostile element present`);
    }
    expect(problems).toEqual([]);
    expect(files.length - redirectPages).toBe(ctx.b.report.pages);
    const shadowed = ctx.b.report.warnings.map(warningLine).filter((w) => w.startsWith('W_REDIRECT_SHADOWED: GitHub Pages')).length;
    expect(redirectPages).toBe(ctx.b.report.redirects - shadowed); // GitHub Pages: one page per redirect rule
  });

  it('shows hostile titles as text, escaped in the markup, and keeps them intact as JSON in island props', async () => {
    const titles: [string, string][] = [
      ['script-title', '</script><script>alert("title")</script>'],
      ['img-onerror', '<img src=x onerror=alert(1)> Breaking'],
      ['line-separator', 'Line\u2028separator\u2029title'],
    ];
    for (const [slug, title] of titles) {
      const file = `news/${slug}/index.html`;
      const html = await readFile(join(ctx.b.out, file), 'utf8');
      const page = inspectHtml(file, html, false);
      expect(page.problems).toEqual([]);
      expect(page.doc.querySelector('h1')?.textContent).toBe(title);
      expect(page.doc.title.startsWith(title)).toBe(true);
      // An article embeds no query state (docs/decisions/0062-article-islands.md): the title travels as JSON in the share island's props.
      expect(JSON.parse(page.doc.querySelector('[data-island="share"]')!.getAttribute('data-props')!).title).toBe(title);
      const article = page.jsonLd.find((j) => (j as { '@type'?: string })['@type'] === 'NewsArticle' || (j as { headline?: string }).headline);
      expect((article as { headline?: string } | undefined)?.headline).toBe(title);
    }
    const raw = await readFile(join(ctx.b.out, 'news/script-title/index.html'), 'utf8');
    expect(raw).not.toContain('<script>alert(');
    expect(raw).toContain('&lt;/script&gt;&lt;script&gt;alert(&quot;title&quot;)&lt;/script&gt;');
    // listing pages show the hostile title too, as text
    const listings: string[] = [];
    for (const f of (await listFiles(ctx.b.out)).filter((x) => x.endsWith('.html') && x !== 'news/script-title/index.html')) {
      const html = await readFile(join(ctx.b.out, f), 'utf8');
      if (!html.includes('&lt;/script&gt;&lt;script&gt;alert(')) continue;
      expect(inspectHtml(f, html, false).doc.body.textContent, f).toContain('</script><script>alert("title")</script>');
      listings.push(f);
    }
    expect(listings.length).toBeGreaterThan(0);
  });

  it('renders the hostile body sanitised: its text stays, the attacks go', async () => {
    const page = inspectHtml('news/evil-body/index.html', await readFile(join(ctx.b.out, 'news/evil-body/index.html'), 'utf8'), false);
    expect(page.problems).toEqual([]);
    const text = page.doc.body.textContent ?? '';
    for (const t of ['Intro', 'Hello', 'click', 'mixed case', 'data link', 'Heading', 'end']) expect(text).toContain(t);
    expect(page.doc.querySelector('a[href^="javascript" i], a[href^="data" i], [style*="fixed"]')).toBeNull();
    expect(page.doc.querySelectorAll('iframe')).toHaveLength(0);
  });

  it('keeps hostile redirect targets out of every redirect file, each with exactly the planned rules', async () => {
    const { out, report } = ctx.b;
    expect(report.redirects).toBeGreaterThan(0);
    const files = await readRedirectFiles(out);
    const conf = await readFile(join(hostSnippetsDirFor(out), 'nginx/pressroom.conf'), 'utf8');
    // Server snippets are never published.
    for (const f of ['nginx', 'Caddyfile.pressroom', 's3']) expect(existsSync(join(out, f)), f).toBe(false);
    for (const f of files) {
      expect(f.problems, f.file).toEqual([]);
      expect(f.rules, f.file).toBe(report.redirects);
    }
    for (const text of [...files.map((f) => f.contents), conf]) {
      for (const bad of ['/hostile/', 'evil.example', 'javascript:', 'Set-Cookie', 'pwned', '\r']) expect(text).not.toContain(bad);
    }
    const netlifyLines = (await readFile(join(out, '_redirects'), 'utf8')).trimEnd().split('\n');
    // A comment, each rule (Cloudflare Pages is among the hosts: and its trailing-slash form, src/emit/redirects/netlify.ts), the rewrites.
    const ruleLines = netlifyLines.slice(1, -shellRewrites().length);
    expect(ruleLines.length).toBeGreaterThanOrEqual(report.redirects);
    expect(ruleLines.length).toBeLessThanOrEqual(2 * report.redirects);
    expect(netlifyLines.slice(-shellRewrites().length)).toEqual(shellRewrites().map((r) => `${r.prefix}* ${r.to.replace(/\.html$/, '')} 200`));
    // GitHub Pages redirect pages: none for a hostile source
    for (const r of ctx.b.hostileRedirects) expect(existsSync(join(out, r.current_url.slice(1), 'index.html'))).toBe(false);
  });

  it('publishes no ad with a script or data dest_url, neither in HTML nor in the data mirror', async () => {
    const { out } = ctx.b;
    const ads = JSON.parse(await readFile(join(out, 'data/advertisement/get_active.json'), 'utf8'));
    const list = ads.body.data ?? ads.body;
    expect(Array.isArray(list) && list.length).toBeGreaterThan(0);
    expect(list.map((a: { banner_id: number }) => a.banner_id)).not.toContain(101);
    expect(list.map((a: { banner_id: number }) => a.banner_id)).not.toContain(102);
    const hits: string[] = [];
    for (const f of await listFiles(out)) {
      if (f.startsWith('assets/')) continue; // the client bundle (React's own URL guard mentions javascript:)
      const text = await readFile(join(out, f), 'utf8');
      for (const bad of ['alert(13)', 'alert(15)', 'evil-1.png', 'evil-2.png', 'javascript:', 'vbscript:']) if (text.includes(bad)) hits.push(`${f}: ${bad}`);
    }
    expect(hits).toEqual([]);
  });

  it('has no static mirror file for a hostile slug, and has one for the harmless hostile posts', async () => {
    const { out } = ctx.b;
    const data = (await listFiles(join(out, 'data'))).map((f) => `data/${f}`);
    const bad = ['..', 'etc', 'passwd', 'a%2Fb', 'a/b.json', 'nul', 'bell', 'CON', 'com1', 'xxxxxxxxxx', 'evil', '..%2F', 'newline', 'admin'];
    expect(data.filter((f) => bad.some((b) => f.split('/').some((s) => s.includes(b) && !/^(news|evil-body\.json|by-evil-author\.json)(\.br|\.gz)?$/.test(s))))).toEqual([]);
    for (const name of ['..', 'a%2Fb', 'CON', 'com1', 'x'.repeat(300), 'nul\u0000byte', 'bell\u0007char']) {
      expect(existsSync(join(out, mirrorFile(ep.postDetails('news', name)))), name).toBe(false);
    }
    // by-evil-author: a harmless slug whose author slug is rejected keeps its
    // article; only the author link is gone (W_SLUG "; link removed" above).
    const byEvil = await readFile(join(out, 'news/by-evil-author/index.html'), 'utf8');
    expect(byEvil).not.toMatch(/href="\/author\/evil/);
    for (const name of ['script-title', 'img-onerror', 'line-separator', 'evil-body', 'missing-fields']) {
      expect(data).toContain(mirrorFile(ep.postDetails('news', name)));
      expect(existsSync(join(out, 'news', name, 'index.html'))).toBe(true);
    }
  });

  it('lists only valid absolute URLs on the configured origin in the sitemaps', async () => {
    const { out } = ctx.b;
    const origin = new URL(JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8')).site.url).origin;
    const index = parseXml(await readFile(join(out, 'sitemap.xml'), 'utf8'));
    const shards = [...index.getElementsByTagName('loc')].map((l) => l.textContent ?? '');
    expect(shards.length).toBeGreaterThan(0);
    let pages = 0;
    for (const shard of shards) {
      const u = new URL(shard);
      expect(u.origin).toBe(origin);
      const doc = parseXml(await readFile(join(out, decodeURIComponent(u.pathname.slice(1))), 'utf8'));
      for (const loc of [...doc.getElementsByTagName('loc')].map((l) => l.textContent ?? '')) {
        const url = new URL(loc);
        expect(url.href, loc).toBe(loc);
        expect(url.origin, loc).toBe(origin);
        const segs = url.pathname.split('/').slice(1).map(decodeURIComponent);
        expect(segs.filter((s) => badSegment(s) !== null && s !== ''), loc).toEqual([]);
        pages++;
      }
      for (const img of [...doc.getElementsByTagNameNS('http://www.google.com/schemas/sitemap-image/1.1', 'loc')]) {
        expect(['http:', 'https:']).toContain(new URL(img.textContent ?? '').protocol);
      }
    }
    expect(pages).toBeGreaterThan(POSTS);
  });
});

describe('B: feeds of the hostile build', () => {
  it('parse (XML and JSON) with hostile titles as data, and link only over http(s)', async () => {
    const { out } = ctx.b;
    const files = (await listFiles(out)).filter((f) => /(^|\/)(feed|atom)\.(xml|json)$/.test(f));
    expect(files.length).toBeGreaterThan(3);
    let titled = 0;
    for (const f of files) {
      const text = await readFile(join(out, f), 'utf8');
      const urls: string[] = [];
      if (f.endsWith('.json')) {
        const feed = JSON.parse(text) as { items: { url?: string; title?: string; image?: unknown }[] };
        for (const i of feed.items) {
          // JSON Feed 1.1, "Items": image is a string (the URL of the main image)
          if (i.image !== undefined) expect(typeof i.image, `${f}: item image ${JSON.stringify(i.image)}`).toBe('string');
          urls.push(...[i.url, i.image].filter((u): u is string => typeof u === 'string' && u !== ''));
          if (i.title === '</script><script>alert("title")</script>') titled++;
        }
      } else {
        const doc = parseXml(text);
        urls.push(...[...doc.getElementsByTagName('link')].map((l) => l.getAttribute('href') ?? l.textContent ?? ''));
        if ([...doc.getElementsByTagName('title')].some((t) => t.textContent === '</script><script>alert("title")</script>')) titled++;
      }
      for (const u of urls) expect(['http:', 'https:'], `${f}: ${u}`).toContain(new URL(u).protocol);
    }
    expect(titled).toBeGreaterThan(0);
  });
});

function parseXml(xml: string): Document {
  const doc = new JSDOM(xml, { contentType: 'text/xml' }).window.document;
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
