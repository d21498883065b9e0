// CLI conventions through the real binary: --version, a bare `pressroom`,
// flag errors (exit 2), configuration errors from the file, a variable and a
// flag (exit 3, all at once, with path, source and suggestion), --json errors,
// --log-format json lines, `pressroom api` editing flags, `pressroom config`,
// `pressroom check` (every category's listing, each broken one named), a build
// naming every response of the wrong shape, and a build from a configuration holding only the required keys.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_SLUGS } from '../../src/api/types.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { ROOT, spawnCli, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';
import { startPaginationStripper } from '../helpers/shape-proxy.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let api: SampleApi;
let typos: string;
let minimal: string;

beforeAll(async () => {
  tmp = await tempDir('pressroom-cli-');
  api = await startTestApi({ posts: 30 });
  typos = join(tmp.dir, 'typos.json');
  await writeFile(typos, JSON.stringify({ site: { name: 'Harbour Tech', url: 'https://harbour.example' }, shrinkgate: 0.2, crawl: { concurency: 4 } }));
  minimal = join(tmp.dir, 'minimal.json');
  await writeFile(minimal, JSON.stringify({ site: { name: 'Harbour Tech', url: 'https://harbour.example' } }));
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

async function cli(args: string[], env: Record<string, string> = {}) {
  const run = spawnCli(args, { PRESSROOM_API: '', PRESSROOM_CONCURRENCY: '', ...env });
  const { code } = await run.exit;
  return { code, stdout: run.stdout(), stderr: run.stderr() };
}

describe('conventions', () => {
  it('--version prints the package version and exits 0', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const r = await cli(['--version']);
    expect(r).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('a bare `pressroom` prints help and exits 0', async () => {
    const r = await cli([]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: pressroom /);
    for (const c of ['build', 'serve', 'api', 'config', 'check', 'diff', 'rollback', 'releases']) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
    expect(r.stderr).toBe('');
  });

  it('rejects a bad flag value with PR_USAGE (exit 2) instead of using it', async () => {
    const ctx = await cli(['diff', 'a', 'b', '--context', 'abc']);
    expect(ctx.code).toBe(2);
    expect(ctx.stderr).toMatch(/^error PR_USAGE: .*--context must be an integer from 0 to 1000/m);
    expect(ctx.stdout).not.toContain('NaN');
    const both = await cli(['build', '--api', api.url, '--sample']);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--api.*cannot be used with.*--sample/);
    const format = await cli(['build', '--log-format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr).toMatch(/Allowed choices are text, json/);
  });

  it('`pressroom api --help` lists the editing flags; a webhook without a secret is a usage error (exit 2)', async () => {
    const help = await cli(['api', '--help']);
    expect(help.code).toBe(0);
    for (const flag of ['--mutable', '--webhook <url>', '--webhook-secret <secret>']) expect(help.stdout).toContain(flag);
    const noSecret = await cli(['api', '--mutable', '--webhook', 'http://127.0.0.1:9/hook'], { PRESSROOM_WEBHOOK_SECRET: '' });
    expect(noSecret.code).toBe(2);
    expect(noSecret.stderr).toMatch(/^error PR_USAGE: --webhook needs a secret to sign with: --webhook-secret S or PRESSROOM_WEBHOOK_SECRET/m);
  });
});

describe('configuration errors: exit 3, every problem with its path, source and suggestion', () => {
  it('a typo in the file', async () => {
    const r = await cli(['build', '--config', typos, '--api', api.url, '--out', join(tmp.dir, 'typo-out')]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('error PR_CONFIG_INVALID: Invalid configuration at 2 places:');
    expect(r.stderr).toContain(`crawl.concurency (${typos}): unknown key; did you mean "concurrency"?`);
    expect(r.stderr).toContain(`shrinkgate (${typos}): unknown key; did you mean "shrinkGate"?`);
  });

  it('a wrong type from a PRESSROOM_* variable and from a flag, reported together', async () => {
    const r = await cli(['build', '--config', minimal, '--api', api.url, '--hosts', 'netlfy', '--out', join(tmp.dir, 'type-out')], { PRESSROOM_CONCURRENCY: 'abc' });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('crawl.concurrency (PRESSROOM_CONCURRENCY): expected an integer from 1 to 256, got "abc"; the default is 16');
    expect(r.stderr).toMatch(/hosts\[0\] \(--hosts\): expected one of .*, got "netlfy"; did you mean "netlify"\?/);
    const flag = await cli(['build', '--config', minimal, '--api', api.url, '--concurrency', 'lots']);
    expect(flag.code).toBe(3);
    expect(flag.stderr).toContain('Invalid configuration at crawl.concurrency (--concurrency): expected an integer from 1 to 256, got "lots"');
  });

  it('with --json the error is a JSON object on stdout', async () => {
    const r = await cli(['build', '--config', typos, '--api', api.url, '--json']);
    expect(r.code).toBe(3);
    const e = JSON.parse(r.stdout);
    expect(e).toMatchObject({ ok: false, code: 'PR_CONFIG_INVALID', exit: 3, hint: expect.stringContaining('docs/configuration.md') });
    expect(e.message).toContain('2 places');
    expect(e.problems).toHaveLength(2);
    expect(e.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'shrinkgate', source: typos, suggestion: 'did you mean "shrinkGate"?' }),
        expect.objectContaining({ path: 'crawl.concurency', source: typos, suggestion: 'did you mean "concurrency"?' }),
      ]),
    );
    const usage = await cli(['diff', 'a', 'b', '--context', 'x', '--json']);
    expect(JSON.parse(usage.stdout)).toMatchObject({ ok: false, code: 'PR_USAGE', exit: 2 });
  });
});

describe('config and check', () => {
  it('`pressroom config` prints each value with its source', async () => {
    const r = await cli(['config', '--config', minimal, '--hosts', 'netlify'], { PRESSROOM_CONCURRENCY: '8' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^site\.name +=  ?"Harbour Tech"  \(.*minimal\.json\)$/m);
    expect(r.stdout).toMatch(/^crawl\.concurrency +=  ?8  \(PRESSROOM_CONCURRENCY\)$/m);
    expect(r.stdout).toMatch(/^hosts +=  ?\["netlify"\]  \(--hosts\)$/m);
    expect(r.stdout).toMatch(/^crawl\.retries +=  ?3  \(default\)$/m);
    const json = JSON.parse((await cli(['config', '--config', minimal, '--json'])).stdout);
    expect(json.config.site.title).toBe('Harbour Tech');
    expect(json.sources['site.title']).toBe('default');
  });

  it('`pressroom check` reaches the API, checks every endpoint kind and exits 0; a broken endpoint fails it with exit 4', async () => {
    const ok = await cli(['check', '--config', minimal, '--api', api.url]);
    expect(ok.code).toBe(0);
    for (const p of ['/api/post/latestPost', '/api/post/postdetails/', '/api/post/tag/', '/api/event/eventdetails/', '/api/advertisement/get_active']) expect(ok.stdout).toContain(`GET ${p}`);
    expect(ok.stdout).toMatch(/all \d+ endpoint checks passed/);
    api.setFaults('html=1,path=/api/post/leadership');
    try {
      const bad = await cli(['check', '--config', minimal, '--api', api.url, '--json']);
      expect(bad.code).toBe(4);
      const [result, error] = bad.stdout.trim().split('\n{"ok":false').map((s, i) => JSON.parse(i ? `{"ok":false${s}` : s));
      expect(result.results.find((x: { path: string }) => x.path === '/api/post/leadership')).toMatchObject({ ok: false, problems: [expect.stringContaining('PR_API_NOT_JSON')] });
      expect(error).toMatchObject({ code: 'PR_CHECK_FAILED', exit: 4 });
    } finally {
      api.setFaults(null);
    }
  });

  it('an API whose topic listings of two categories lack pagination: check fails on both, a build fails naming both (exit 4)', async () => {
    // Two categories other than the newest post's, whose listing a check of one sampled category read.
    const newest = ((await (await fetch(`${api.url}/api/post/homelatest`)).json()) as { cat_slug: string }[])[0].cat_slug;
    const broken = CATEGORY_SLUGS.filter((c) => c !== newest).slice(0, 2);
    const proxy = await startPaginationStripper(api.url, (path) => broken.some((c) => path.startsWith(`/api/post/topic/${c}?`)));
    try {
      const check = await cli(['check', '--config', minimal, '--api', proxy.url]);
      expect(check.code).toBe(4);
      for (const c of broken) expect(check.stdout).toMatch(new RegExp(`^FAIL +200 .*GET /api/post/topic/${c}\\?limit=10&page=1\n +posts\\.pagination: `, 'm'));
      expect(check.stderr).toMatch(/^error PR_CHECK_FAILED: 2 of \d+ checks failed/m);

      const out = join(tmp.dir, 'shapes-out');
      const build = await cli(['build', '--config', minimal, '--api', proxy.url, '--out', out, '--now', TEST_NOW]);
      expect(build.code).toBe(4);
      const listed = broken.map((c) => `  GET /api/post/topic/${c}?limit=10&page=1 at posts.pagination: Invalid input: expected object, received undefined`).sort();
      expect(build.stderr).toContain(`error PR_API_SHAPES: 2 responses from the content API have an unexpected shape:\n${listed.join('\n')}\n  hint: `);
    } finally {
      await proxy.close();
    }
  });
});

describe('a build', () => {
  it('from a configuration with only the required keys, with --log-format json: one JSON object per line', async () => {
    const out = join(tmp.dir, 'minimal-out');
    const r = await cli(['build', '--config', minimal, '--api', api.url, '--out', out, '--now', TEST_NOW, '--site-url', 'https://news.harbour.example', '--log-format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stderr.trim().split('\n').map((l) => JSON.parse(l));
    const types = new Set(lines.map((l) => l.type));
    for (const t of ['stage-start', 'progress', 'stage-end', 'summary']) expect(types).toContain(t);
    for (const l of lines) expect(Number.isNaN(Date.parse(l.time))).toBe(false);
    expect(lines.at(-1)).toMatchObject({ type: 'summary', ok: true, source: { kind: 'api', base: api.url } });
    expect(lines.find((l) => l.type === 'stage-end' && l.stage === 'render')).toMatchObject({ ms: expect.any(Number) });
    const robots = await readFile(join(out, 'robots.txt'), 'utf8');
    expect(robots).toContain('Sitemap: https://news.harbour.example/sitemap.xml');
    const home = await readFile(join(out, 'index.html'), 'utf8');
    expect(home).toContain('<title>Harbour Tech</title>');

    const failed = await cli(['build', '--config', typos, '--api', api.url, '--out', out, '--log-format', 'json']);
    expect(failed.code).toBe(3);
    const errLine = failed.stderr.trim().split('\n').map((l) => JSON.parse(l)).at(-1);
    expect(errLine).toMatchObject({ type: 'error', code: 'PR_CONFIG_INVALID', exit: 3 });
  });
});
