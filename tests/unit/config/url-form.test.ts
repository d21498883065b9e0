// site.trailingSlash and output.pageFiles (docs/decisions/0117-trailing-slash-and-page-files.md):
// validated, "auto" resolved once from the hosts, and only a non-default form in the page data.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, publicConfig } from '../../../src/config/load.ts';
import { isPressroomError, type PressroomError } from '../../../src/errors/errors.ts';
import { useTempDir } from '../../helpers/temp.ts';

const tmp = useTempDir('pressroom-url-form-');

const file = async (extra: Record<string, unknown>, site: Record<string, unknown> = {}) => {
  const p = join(tmp.dir, `c${Math.random().toString(36).slice(2)}.json`);
  await writeFile(p, JSON.stringify({ site: { name: 'Harbour Tech', url: 'https://news.example', ...site }, ...extra }));
  return p;
};

function problems(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (e) {
    if (isPressroomError(e)) return ((e as PressroomError).details?.problems ?? []) as { path: string; message: string }[];
    throw e;
  }
  throw new Error('expected a configuration error');
}

describe('site.trailingSlash and output.pageFiles', () => {
  it('default to "never" and the folder layout, and the page data carries no trailingSlash', async () => {
    const c = loadConfig({ file: await file({}), env: {} });
    expect(c.site.trailingSlash).toBe('never');
    expect(c.output.pageFiles).toBe('folder');
    expect('trailingSlash' in publicConfig(c).site).toBe(false);
  });

  it('"auto" is the file layout for "never" with cloudflare or github-pages among the hosts, else the folder one', async () => {
    for (const [hosts, want] of [
      [['cloudflare'], 'file'],
      [['github-pages', 'nginx'], 'file'],
      [['nginx', 'apache', 'caddy', 'netlify', 'gitlab', 'vercel', 's3'], 'folder'],
    ] as const) {
      expect(loadConfig({ file: await file({ hosts }), env: {} }).output.pageFiles, hosts.join()).toBe(want);
    }
    const always = loadConfig({ file: await file({ hosts: ['cloudflare'] }, { trailingSlash: 'always' }), env: {} });
    expect(always.output.pageFiles).toBe('folder');
    expect(publicConfig(always).site.trailingSlash).toBe('always');
  });

  it('takes an explicit layout, and both keys from the environment', async () => {
    expect(loadConfig({ file: await file({ hosts: ['cloudflare'], output: { pageFiles: 'folder' } }), env: {} }).output.pageFiles).toBe('folder');
    const c = loadConfig({ file: await file({}), env: { PRESSROOM_TRAILING_SLASH: 'always', PRESSROOM_PAGE_FILES: 'folder' } });
    expect([c.site.trailingSlash, c.output.pageFiles]).toEqual(['always', 'folder']);
  });

  it('refuses an unknown value and "always" with the file layout, naming the key', async () => {
    const bad = await file({}, { trailingSlash: 'sometimes' });
    expect(problems(() => loadConfig({ file: bad, env: {} })).map((p) => p.path)).toContain('site.trailingSlash');
    const both = await file({ output: { pageFiles: 'file' } }, { trailingSlash: 'always' });
    const found = problems(() => loadConfig({ file: both, env: {} }));
    expect(found.map((p) => p.path)).toContain('output.pageFiles');
    expect(found.find((p) => p.path === 'output.pageFiles')?.message).toMatch(/always/);
  });
});
