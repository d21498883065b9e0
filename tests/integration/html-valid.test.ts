// Valid HTML (docs/contributing.md, "Valid HTML"; decision 111): the Nu HTML Checker (vnu-jar from the
// npm registry, run with Debian's Java) finds no error on one page of every kind the route planner
// makes, in each of its URL forms (a topic, its sub-category, their later pages, ...), plus the shells,
// 404.html and a GitHub Pages redirect page, of two builds: the sample site (and every page of it with
// a CMS body, each with its own heading outline) and the hostile corpus (and every page of a hostile
// record). One JVM checks every file: starting Java costs seconds, checking a page milliseconds.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load.ts';
import { plan, type PlannedRoute } from '../../src/plan/index.ts';
import { HOSTILE_RECORDS } from '../../src/sample-api/hostile.ts';
import { outputFileFor } from '../../src/site/paths.ts';
import { PAGE_KINDS } from '../../src/site/kinds/index.ts';
import { Snapshot } from '../../src/snapshot/snapshot-store.ts';
import { buildInto, patientConfig, ROOT, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

const POSTS = 60;
/** The kinds whose pages show CMS HTML. */
const CMS_BODIES: ReadonlySet<string> = new Set(['article', 'event-detail', 'past-event-detail']);
/** The vnu.jar the vnu-jar package ships (its main export is the jar's path). */
const VNU_JAR = String(createRequire(import.meta.url)('vnu-jar'));

interface Checked {
  /** What the page is, e.g. `sample topic(cat_slug,page)`. */
  label: string;
  file: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

const cleanups: (() => Promise<void>)[] = [];
let pages: Checked[] = [];
let planned: Map<string, { kinds: Set<string> }>;
let messages: VnuMessage[] = [];
let invalidFile = '';

/** One route of each kind and URL form (its parameters' names), the first by path. */
function oneOfEachForm(routes: readonly PlannedRoute[]): Map<string, PlannedRoute> {
  const picked = new Map<string, PlannedRoute>();
  for (const route of routes) {
    const form = `${route.kind}(${Object.keys(route.params).sort().join(',')})`;
    if (!picked.has(form)) picked.set(form, route);
  }
  return picked;
}

async function pagesOf(name: string, dir: string, configFile: string, also: (r: PlannedRoute) => boolean = () => false): Promise<Checked[]> {
  const config = loadConfig({ file: configFile, env: {} });
  const { snapshot } = await Snapshot.load(join(dir, '.pressroom', 'snapshot'));
  const built = plan(snapshot, { today: TEST_NOW.slice(0, 10), now: TEST_NOW, warn: () => {}, quarantine: () => {} }, config);
  const out = join(dir, 'out');
  const chosen = new Map([...oneOfEachForm(built.routes)].map(([form, r]) => [`${name} ${form}`, r]));
  const taken = new Set(chosen.values());
  for (const r of built.routes) if (also(r) && !taken.has(r)) chosen.set(`${name} ${r.kind} ${r.path}`, r);
  const files: Checked[] = [...chosen].map(([label, r]) => ({ label, file: join(out, r.file) }));
  const redirect = built.redirects.map((r) => join(out, outputFileFor(r.from, 'folder'))).find((f) => existsSync(f));
  if (redirect) files.push({ label: `${name} GitHub Pages redirect page`, file: redirect });
  planned.set(name, { kinds: new Set(built.routes.map((r) => r.kind)) });
  // A planned route whose file is missing would be a build bug; the checker would report it as an IO error.
  return files;
}

async function sampleSite(): Promise<Checked[]> {
  const t = await tempDir('pressroom-vnu-sample-');
  cleanups.push(t.cleanup);
  // The folder layout pinned, as pagesOf plans it (github-pages alone would pick x.html).
  await buildInto(t.dir, { sample: { posts: POSTS }, hosts: ['netlify', 'github-pages'], handleSignals: false, env: { PRESSROOM_PAGE_FILES: 'folder' } });
  // Every page with a CMS body: each body has its own heading outline.
  return pagesOf('sample', t.dir, join(ROOT, 'config/site.json'), (r) => CMS_BODIES.has(r.kind));
}

async function hostileSite(): Promise<Checked[]> {
  const api = await startTestApi({ posts: POSTS, corpus: 'hostile' });
  cleanups.push(() => api.close());
  const t = await tempDir('pressroom-vnu-hostile-');
  cleanups.push(t.cleanup);
  const configFile = await patientConfig(t.dir);
  await buildInto(t.dir, { api: api.url, configFile, hosts: ['netlify', 'github-pages'], handleSignals: false, env: { PRESSROOM_PAGE_FILES: 'folder' } });
  const hostile = new Set(HOSTILE_RECORDS.map((r) => r.key));
  // Every page of a hostile record: they carry the markup, titles and slugs the checker should see.
  return pagesOf('hostile', t.dir, configFile, (r) => Object.values(r.params).some((v) => hostile.has(v)));
}

/** Runs vnu once over `files`; its JSON report (on stderr) as messages. */
function vnu(files: string[]): Promise<VnuMessage[]> {
  return new Promise((resolve, reject) => {
    execFile('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // vnu exits 1 when it reports an error: the report is what counts.
      const report = stderr.trim() || stdout.trim();
      if (!report.startsWith('{')) {
        reject(new Error(`vnu gave no JSON report (${error?.message ?? 'exit 0'}); java on PATH is needed (Debian's default-jre-headless; .ci/run installs it):\n${stderr}${stdout}`));
        return;
      }
      resolve((JSON.parse(report) as { messages: VnuMessage[] }).messages);
    });
  });
}

beforeAll(async () => {
  planned = new Map();
  const [sample, hostile] = await Promise.all([sampleSite(), hostileSite()]);
  pages = [...sample, ...hostile];
  // A page with a known error, checked in the same run: proves the checker reports errors here.
  const t = await tempDir('pressroom-vnu-invalid-');
  cleanups.push(t.cleanup);
  await mkdir(t.dir, { recursive: true });
  invalidFile = join(t.dir, 'invalid.html');
  await writeFile(invalidFile, '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>x</title></head><body><h1>x</h1><h3>skips</h3><ul><div>x</div></ul></body></html>\n');
  messages = await vnu([...pages.map((p) => p.file), invalidFile]);
});

afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => {});
});

const fileOf = (m: VnuMessage) => (m.url ? fileURLToPath(m.url) : '(no file)');
const shown = (m: VnuMessage) => `${fileOf(m)}:${m.lastLine ?? '?'}:${m.firstColumn ?? '?'}: ${m.type}${m.subType ? `/${m.subType}` : ''}: ${m.message}${m.extract ? `\n    ${m.extract.replace(/\n/g, ' ')}` : ''}`;

describe('the Nu HTML Checker', () => {
  it('reports the errors of a page that has some (the check can fail)', () => {
    const found = messages.filter((m) => m.url && fileOf(m) === invalidFile).map((m) => m.message);
    expect(found).toContainEqual(expect.stringMatching(/heading “h3”.* follows the heading “h1”.*skipping 1 heading level/));
    expect(found).toContainEqual(expect.stringMatching(/Element “div” not allowed as child of element “ul”/));
  });

  it('checks a page of every kind the route planner makes, in both builds', () => {
    for (const [name, { kinds }] of planned) {
      const checked = new Set(pages.filter((p) => p.label.startsWith(`${name} `)).map((p) => p.label.split(' ')[1].replace(/\(.*$/, '')));
      expect([...kinds].filter((k) => !checked.has(k)), `${name}: kinds without a checked page`).toEqual([]);
    }
    // The sample site has every kind of the catalogue.
    expect([...planned.get('sample')!.kinds].sort()).toEqual(PAGE_KINDS.map((k) => k.kind).sort());
    expect(pages.some((p) => p.label.includes('GitHub Pages redirect page'))).toBe(true);
  });

  it('finds no error on any of them', () => {
    const byFile = new Map(pages.map((p) => [p.file, p.label]));
    const errors = messages.filter((m) => !m.url || fileOf(m) !== invalidFile).map((m) => `${byFile.get(fileOf(m)) ?? '?'}: ${shown(m)}`);
    expect(errors, `vnu errors:\n${errors.join('\n')}`).toEqual([]);
  });
});
