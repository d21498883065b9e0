// The end-to-end security proof (architecture, "Untrusted input"; static-hosts.md,
// "Lessons"; issue 2 item 3, issue 3 "plan"): `pressroom build` through the real
// CLI against the sample API's hostile corpus.
//  A. With the case and NFC/NFD twins the build must fail with PR_ROUTE_COLLISION
//     (exit 5, render class) naming both records, and leave the previous out/ byte
//     for byte as it was.
//  B. Without the twins the build succeeds: every other hostile record is dropped
//     with a warning naming it, or rendered harmless; the whole output is checked.
// One build per scenario, all in beforeAll; the checks only read the results.
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectRecord } from '../../../src/api/types.ts';
import type { BuildReport } from '../../../src/pipeline/index.ts';
import { type SampleApi } from '../../../src/sample-api/index.ts';
import { listFiles, treeHashes } from '../../helpers/files.ts';
import { ROOT, spawnCli, startTestApi, tempDir, TEST_NOW } from '../../helpers/pressroom.ts';

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
  a: { dir: string; run: Run; before: Record<string, string>; beforeTop: string[]; beforeCurrent: string };
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
  const run = await cli(['--api', hostile.url, '--out', out]);
  ctx.a = { dir: t.dir, run, before, beforeTop, beforeCurrent };
}

async function scenarioB(): Promise<void> {
  const api = await startTestApi({ posts: POSTS, corpus: 'hostile', hostile: { twins: false } });
  cleanups.push(() => api.close());
  // The real API has no list of its redirect records (api-contract.md, "Forms and
  // redirects"), so with --api the build reads redirects from config/ only: the
  // hostile records go in there, through the same validation (src/plan/redirects.ts).
  const hostileRedirects = api.corpus.redirects.filter((r) => r.current_url.startsWith('/hostile/'));
  const cfgDir = await tempDir('pressroom-sec-cfg-');
  cleanups.push(cfgDir.cleanup);
  const config = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
  config.redirects = hostileRedirects.map((r) => ({ from: r.current_url, to: r.redirect_url, status: r.status }));
  const configFile = join(cfgDir.dir, 'site.json');
  await writeFile(configFile, JSON.stringify(config, null, 2));

  const t = await tempDir('pressroom-sec-b-');
  cleanups.push(t.cleanup);
  // The build runs in a folder of its own, so anything it writes beside out/ is visible.
  const dir = join(t.dir, 'site');
  await mkdir(dir);
  const out = join(dir, 'out');
  const run = await cli(['--api', api.url, '--out', out, '--config', configFile, '--json']);
  if (run.code !== 0) throw new Error(`the hostile build without twins failed (${run.code}):\n${run.stderr}`);
  ctx.b = { dir, out, run, report: JSON.parse(run.stdout) as BuildReport, hostileRedirects, api };
}

beforeAll(async () => {
  await Promise.all([scenarioA(), scenarioB()]);
});
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

describe('A: hostile corpus with case and NFC/NFD twins over a previous out/', () => {
  it('fails with exit code 5 and PR_ROUTE_COLLISION naming both records', () => {
    const { run } = ctx.a;
    expect(run.code).toBe(5);
    expect(run.stderr).toContain(
      'error PR_ROUTE_COLLISION: Two routes write the same file news/case-twin/index.html: post 1075 (news/Case-Twin) and post 1076 (news/case-twin)',
    );
    expect(run.stderr).toContain('hint: Two API records have slugs that map to one path (case or Unicode twins); rename one in the CMS.');
    expect(run.stdout).toBe('');
  });

  it('leaves the previous out/ byte for byte as it was, and no staging, old or lock folder beside it', async () => {
    const { dir, before, beforeTop, beforeCurrent } = ctx.a;
    expect(Object.keys(before).length).toBeGreaterThan(100);
    expect(await treeHashes(join(dir, 'out'))).toEqual(before);
    expect((await readdir(dir)).sort()).toEqual(beforeTop);
    expect(await readFile(join(dir, '.pressroom', 'out', 'current'), 'utf8')).toBe(beforeCurrent);
  });
});

describe('B: hostile corpus without the twins', () => {
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
      expect(report.warnings).toContain(w);
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
      ['post', 'author_name "evil/author"', 'contains a path separator'],
      ['event', 'event_slug "event\\nnewline"', 'contains a control character'],
      ['event', 'event_slug "..%2F..%2Fevent"', 'contains a percent-escape'],
    ];
    for (const [kind, field, reason] of dropped) {
      const re = new RegExp(`^W_SLUG: /api/\\S+: ${kind} \\d+ ${escapeRe(field)} ${escapeRe(reason)}$`);
      expect(report.warnings.some((w) => re.test(w)), `${kind} ${field} ${reason}`).toBe(true);
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
      expect(report.warnings).toContain(`PR_REDIRECT_INVALID: redirect dropped (config redirects[${i}]): ${reasons[r.current_url]}`);
    });
  });
});

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
