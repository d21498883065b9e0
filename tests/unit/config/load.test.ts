// Configuration that fails safe: unknown keys are errors with a "did you mean",
// every problem is reported at once with its path and its source (file,
// PRESSROOM_* variable, flag), only site.name and site.url are required, and
// the defaults reproduce the sample configuration's behaviour.
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiBaseFrom, apiSource, configFileFor, jsonSyntaxPlace, loadConfig, publicConfig, resolveConfig, sourceLabel } from '../../../src/config/load.ts';
import { closest, editDistance } from '../../../src/config/suggest.ts';
import { isPressroomError, type PressroomError } from '../../../src/errors/errors.ts';
import { testDir, useTempDir } from '../../helpers/temp.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const SITE_JSON = join(ROOT, 'config/site.json');
const tmp = useTempDir('pressroom-config-');
const file = async (name: string, value: unknown) => {
  const p = join(tmp.dir, name);
  await writeFile(p, typeof value === 'string' ? value : JSON.stringify(value));
  return p;
};
const MINIMAL = { site: { name: 'Harbour Tech', url: 'https://harbour.example/' } };

function failure(run: () => unknown): PressroomError {
  try {
    run();
  } catch (e) {
    if (isPressroomError(e)) return e;
    throw e;
  }
  throw new Error('expected a configuration error');
}
type Problem = { path: string; source: string; message: string; suggestion?: string };
const problems = (e: PressroomError) => (e.details?.problems ?? []) as Problem[];

describe('suggestions', () => {
  it('counts a transposition as one edit and finds near misses only', () => {
    expect(editDistance('concurency', 'concurrency')).toBe(1);
    expect(editDistance('hsots', 'hosts')).toBe(1);
    expect(closest('shrinkgate', ['shrinkGate', 'hosts'])).toBe('shrinkGate');
    expect(closest('concurency', ['concurrency', 'timeoutMs'])).toBe('concurrency');
    expect(closest('hosts', ['feeds', 'today'])).toBeUndefined();
  });
});

describe('loadConfig', () => {
  it('builds a complete configuration from only the required keys, with the sample behaviour as defaults', async () => {
    const c = loadConfig({ file: await file('minimal.json', MINIMAL), env: {} });
    expect(c.site).toMatchObject({ name: 'Harbour Tech', url: 'https://harbour.example', title: 'Harbour Tech', description: 'Harbour Tech', language: 'en' });
    expect(c.crawl).toEqual({ concurrency: 16, timeoutMs: 15000, retries: 3, maxResponseBytes: 8388608, maxInvalidShare: 0.5 });
    expect(c).toMatchObject({ hosts: [], redirects: [], feeds: { items: 50 }, releases: { keep: 5 }, shrinkGate: 0.1, today: null });
    expect(c.api).toMatchObject({ base: null, publicBase: '', imageHost: '', optOutPath: '/api/contact/add', ipLookup: { enabled: false } });
    expect(c.nav.sections.map((s) => s.key)).toEqual(['latest', 'leadership', 'features']);
    expect(c.about).toMatchObject({ title: 'About Harbour Tech', team: [], intro: [] });
    expect(c.footer).toMatchObject({ imprint: 'Harbour Tech', publications: [], social: [] });
    expect(c.pages.contact.consent).toContain('Harbour Tech');
    expect(c.sitemapPage.emails).toEqual([]);
    // The sample configuration's explicit values for the same keys are these defaults.
    const sample = loadConfig({ file: SITE_JSON, env: {} });
    expect(sample.crawl).toEqual(c.crawl);
    expect(sample.nav).toEqual(c.nav);
    expect(sample.footer.about).toEqual(c.footer.about);
  });

  it('has search.staticIndex "auto" by default (read as "fallback" by a page outside a build), takes "fallback", "first" and "off", refuses anything else', async () => {
    const c = loadConfig({ file: await file('minimal.json', MINIMAL), env: {} });
    expect(c.search).toEqual({ staticIndex: 'auto' });
    expect(publicConfig(c).search).toEqual({ staticIndex: 'fallback' });
    // Every page embeds it: no build clock in it, or every page would change each day.
    expect('today' in publicConfig(c)).toBe(false);
    for (const mode of ['fallback', 'first', 'off'] as const) {
      expect(loadConfig({ file: await file(`search-${mode}.json`, { ...MINIMAL, search: { staticIndex: mode } }), env: {} }).search.staticIndex).toBe(mode);
    }
    const bad = await file('search-bad.json', { ...MINIMAL, search: { staticIndex: 'always', index: true } });
    expect(problems(failure(() => loadConfig({ file: bad, env: {} }))).map((p) => p.path).sort()).toEqual(['search.index', 'search.staticIndex']);
  });

  it('needs site.name and site.url, and says so for both at once', async () => {
    const err = failure(() => loadConfig({ file: SITE_JSON.replace('site.json', 'missing.json'), env: {} }));
    expect(err.code).toBe('PR_CONFIG_READ');
    const p = await file('empty.json', {});
    const empty = failure(() => loadConfig({ file: p, env: {} }));
    expect(empty.code).toBe('PR_CONFIG_INVALID');
    expect(empty.exitCode).toBe(3);
    expect(problems(empty).map((x) => x.path)).toEqual(['site']);
    const nameless = failure(() => loadConfig({ file: p, env: { PRESSROOM_SITE_URL: 'https://x.example' } }));
    expect(problems(nameless).map((x) => [x.path, x.message])).toEqual([['site.name', 'missing (required)']]);
  });

  it('names a JSON syntax error by line and column, with a hint about the syntax, not the path', async () => {
    const p = await file('syntax.json', '{\n  "site": { "name": "Harbour Tech"\n    "url": "https://harbour.example" }\n}\n');
    const err = failure(() => loadConfig({ file: p, env: {} }));
    expect(err.code).toBe('PR_CONFIG_SYNTAX');
    expect(err.exitCode).toBe(3);
    expect(err.message).toBe(`The configuration file ${p} is not valid JSON at line 3, column 5: Expected ',' or '}' after property value`);
    expect(err.hint).toMatch(/line and column/);
    expect(err.hint).not.toMatch(/path/);
    // The text ended early: the place is its end.
    expect(jsonSyntaxPlace('{\n  "a": 1,\n', 'Unexpected end of JSON input')).toEqual({ line: 3, column: 1, detail: 'Unexpected end of JSON input' });
    // Newer Node adds the line and column itself; the position is what is read.
    expect(jsonSyntaxPlace('{\n x}', "Expected double-quoted property name in JSON at position 3 (line 2 column 2)")).toEqual({ line: 2, column: 2, detail: 'Expected double-quoted property name' });
  });

  it('says where the API address was set: the file key, the variable or the flag', async () => {
    const p = await file('api-base.json', { ...MINIMAL, api: { base: 'https://cms.example' } });
    expect(apiBaseFrom(resolveConfig({ file: p, env: {} }))).toBe(`api.base in ${p}`);
    expect(apiBaseFrom(resolveConfig({ file: p, env: { PRESSROOM_API: 'https://other.example' } }))).toBe('PRESSROOM_API');
    expect(apiBaseFrom(resolveConfig({ file: p, env: { PRESSROOM_API: 'https://other.example' }, flags: { api: 'https://third.example' } }))).toBe('--api');
  });

  it('rejects unknown keys at every level with a "did you mean", all problems at once, each with its source', async () => {
    const p = await file('typos.json', {
      ...MINIMAL,
      shrinkgate: 0.2,
      crawl: { concurency: 4 },
      about: { team: [{ name: 'A', role: 'B', image: '/a.svg', description: 'C', bio: 'x' }] },
      footer: { publications: [{ href: 'https://a.example', lable: 'A' }] },
      concurrency: 8,
    });
    const e = failure(() => loadConfig({ file: p, env: {} }));
    expect(e.exitCode).toBe(3);
    const got = problems(e);
    const by = (path: string) => got.find((x) => x.path === path);
    expect(by('shrinkgate')).toMatchObject({ source: p, message: 'unknown key', suggestion: 'did you mean "shrinkGate"?' });
    expect(by('crawl.concurency')).toMatchObject({ source: p, suggestion: 'did you mean "concurrency"?' });
    expect(by('about.team[0].bio')).toMatchObject({ message: 'unknown key' });
    expect(by('footer.publications[0].lable')).toMatchObject({ suggestion: 'did you mean "label"?' });
    expect(by('concurrency')).toMatchObject({ suggestion: 'did you mean crawl.concurrency?' });
    // A missing label is a second problem in the same record, also reported.
    expect(by('footer.publications[0].label')).toMatchObject({ message: 'missing (required)' });
    expect(got).toHaveLength(6);
    expect(e.message).toMatch(/^Invalid configuration at 6 places:/);
    for (const x of got) expect(e.message).toContain(`${x.path} (${x.source}): ${x.message}`);
  });

  it('blames a wrong type on the PRESSROOM_* variable or the flag that gave it, not on the file', async () => {
    const p = await file('ok.json', MINIMAL);
    const env = failure(() => loadConfig({ file: p, env: { PRESSROOM_CONCURRENCY: 'abc' } }));
    expect(problems(env)).toEqual([{ path: 'crawl.concurrency', source: 'PRESSROOM_CONCURRENCY', message: 'expected an integer from 1 to 256, got "abc"', suggestion: 'the default is 16' }]);
    expect(env.message).toBe('Invalid configuration at crawl.concurrency (PRESSROOM_CONCURRENCY): expected an integer from 1 to 256, got "abc"; the default is 16');

    const flag = failure(() => loadConfig({ file: p, env: {}, flags: { concurrency: 'lots', hosts: 'netlfy', siteUrl: 'not a url' } }));
    expect(problems(flag)).toEqual([
      { path: 'site.url', source: '--site-url', message: 'expected an http(s) URL, got "not a url"' },
      { path: 'crawl.concurrency', source: '--concurrency', message: 'expected an integer from 1 to 256, got "lots"', suggestion: 'the default is 16' },
      expect.objectContaining({ path: 'hosts[0]', source: '--hosts', suggestion: 'did you mean "netlify"?' }),
    ]);
  });

  it('applies file < environment < flags and remembers the source of each value', async () => {
    const p = await file('layers.json', { ...MINIMAL, crawl: { concurrency: 4 }, hosts: ['nginx'] });
    const r = resolveConfig({ file: p, env: { PRESSROOM_CONCURRENCY: '8', PRESSROOM_HOSTS: 'netlify, vercel', PRESSROOM_API: 'https://api.example' }, flags: { concurrency: 12 } });
    expect(r.config.crawl.concurrency).toBe(12);
    expect(r.config.hosts).toEqual(['netlify', 'vercel']);
    expect(sourceLabel(r.sourceOf(['crawl', 'concurrency']))).toBe('--concurrency');
    expect(sourceLabel(r.sourceOf(['hosts']))).toBe('PRESSROOM_HOSTS');
    expect(sourceLabel(r.sourceOf(['api', 'base']))).toBe('PRESSROOM_API');
    expect(sourceLabel(r.sourceOf(['site', 'name']))).toBe(p);
    expect(sourceLabel(r.sourceOf(['crawl', 'retries']))).toBe('default');
    expect(loadConfig({ file: p, env: {}, flags: { hosts: 'none' } }).hosts).toEqual([]);
  });

  it('checks cross-key rules: a privacy paragraph cannot use {helpline} without contact.helpline', async () => {
    const p = await file('privacy.json', { ...MINIMAL, privacy: { sections: [{ heading: 'Rights', paragraphs: ['Call {helpline}.'] }] } });
    const e = failure(() => loadConfig({ file: p, env: {} }));
    expect(problems(e)).toEqual([{ path: 'privacy.sections[0].paragraphs[0]', source: p, message: 'uses {helpline} but contact.helpline is not set' }]);
    // Reported together with other problems, not only once they are fixed.
    const both = failure(() => loadConfig({ file: p, env: { PRESSROOM_CONCURRENCY: 'abc' } }));
    expect(problems(both).map((x) => x.path)).toEqual(['crawl.concurrency', 'privacy.sections[0].paragraphs[0]']);
  });

  it('accepts the $schema key, and config/site.json is valid', () => {
    expect(() => loadConfig({ file: SITE_JSON, env: {} })).not.toThrow();
  });
});

describe('configFileFor', () => {
  it('is the file named, else config/site.json of the working directory, else the sample configuration of the package', async () => {
    const empty = await testDir('pressroom-config-empty-');
    expect(configFileFor('mine.json', empty)).toBe(join(empty, 'mine.json'));
    // A named file is never replaced by another, even when it is missing.
    expect(configFileFor('config/site.json', empty)).toBe(join(empty, 'config/site.json'));
    expect(configFileFor(undefined, empty)).toBe(SITE_JSON);
    const project = await testDir('pressroom-config-project-');
    await mkdir(join(project, 'config'));
    await writeFile(join(project, 'config/site.json'), JSON.stringify(MINIMAL));
    expect(configFileFor(undefined, project)).toBe(join(project, 'config/site.json'));
  });

  it('falls back to a configuration with no API, so the fallback alone never crawls', () => {
    const e = failure(() => apiSource(loadConfig({ file: configFileFor(undefined, tmp.dir), env: {} })));
    expect(e.code).toBe('PR_CONFIG_NO_API');
  });
});

describe('apiSource', () => {
  it('is the API when one is configured, the sample only when asked for, and an error naming both ways out otherwise', async () => {
    const p = await file('api.json', MINIMAL);
    expect(apiSource(loadConfig({ file: p, env: { PRESSROOM_API: 'https://api.example/v1' } }))).toEqual({ kind: 'api', base: 'https://api.example/v1' });
    expect(apiSource(loadConfig({ file: p, env: {}, flags: { sample: true } }))).toEqual({ kind: 'sample' });
    expect(apiSource(loadConfig({ file: p, env: { PRESSROOM_API: 'sample' } }))).toEqual({ kind: 'sample' });
    const e = failure(() => apiSource(loadConfig({ file: p, env: {} })));
    expect(e.code).toBe('PR_CONFIG_NO_API');
    expect(e.exitCode).toBe(3);
    expect(e.hint).toMatch(/--api/);
    expect(e.hint).toMatch(/--sample/);
  });
});
