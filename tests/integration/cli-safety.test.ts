// What the CLI refuses and says before it publishes anything: an --out that is not
// a Pressroom output, a build of an API from a folder with no configuration (the sample's
// identity would be published), the sample and a real site in one output folder, the hint that
// names where the API address was set, and `-v`.
import { spawn } from 'node:child_process';
import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPressroomError } from '../../src/errors/errors.ts';
import type { BuildEvent } from '../../src/pipeline/index.ts';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { BIN, buildInto, ROOT, startTestApi, tempDir, TEST_NOW } from '../helpers/pressroom.ts';

let tmp: Awaited<ReturnType<typeof tempDir>>;
let api: SampleApi;
let minimal: string;

beforeAll(async () => {
  tmp = await tempDir('pressroom-cli-safety-');
  api = await startTestApi({ posts: 8 });
  minimal = join(tmp.dir, 'minimal.json');
  await writeFile(minimal, JSON.stringify({ site: { name: 'Harbour Tech', url: 'https://harbour.example' } }));
});
afterAll(async () => {
  await api?.close();
  await tmp?.cleanup();
});

const exists = (p: string) => stat(p).then(() => true, () => false);
const CLEAN_ENV = { PRESSROOM_API: '', PRESSROOM_SITE_URL: '', PRESSROOM_SITE_NAME: '', PRESSROOM_CONCURRENCY: '', FORCE_COLOR: '0' };

/** `pressroom ARGS` in `cwd`; a watcher that started (it prints its URL on stdout) is ended, so a test of one that should not start fails instead of hanging. */
async function cli(args: string[], { cwd = ROOT, env = {} }: { cwd?: string; env?: Record<string, string> } = {}) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...process.env, ...CLEAN_ENV, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
    if (args[0] === 'watch' && /http:\/\//.test(stdout)) child.kill('SIGTERM');
  });
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((ok) => child.on('close', (c) => ok(c)));
  return { code, stdout, stderr };
}

/** A folder with nothing in it: no config/site.json. */
async function emptyFolder(name: string): Promise<string> {
  const dir = join(tmp.dir, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

describe('--out that is not a Pressroom output', () => {
  it('a file is refused with PR_OUT_NOT_SITE (exit 2), kept as it was, and nothing is written beside it', async () => {
    const dir = await emptyFolder('file-out');
    const notes = join(dir, 'notes.md');
    await writeFile(notes, 'my notes\n');
    const r = await cli(['build', '--config', minimal, '--api', api.url, '--out', notes, '--now', TEST_NOW]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^error PR_OUT_NOT_SITE: Refusing to build into .*notes\.md: it is a file of 9 bytes/m);
    expect(await readFile(notes, 'utf8')).toBe('my notes\n');
    expect((await readdir(dir)).sort()).toEqual(['notes.md']);
  });

  it('a folder of other files is refused the same way (an empty one is accepted: tests/unit/pipeline/out-guard.test.ts)', async () => {
    const dir = await emptyFolder('folder-out');
    const docs = join(dir, 'docs');
    await mkdir(docs);
    await writeFile(join(docs, 'README.md'), '# mine\n');
    const r = await cli(['build', '--config', minimal, '--api', api.url, '--out', docs, '--now', TEST_NOW]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/PR_OUT_NOT_SITE: .*it is a folder of 1 entry \(README\.md\)/);
    expect(await readdir(docs)).toEqual(['README.md']);
    expect((await readdir(dir)).sort()).toEqual(['docs']);
  });
});

describe('a build of an API from a folder with no configuration', () => {
  it('stops (exit 3) naming the site name and address it needs, and writes nothing; so does watch', async () => {
    const cwd = await emptyFolder('no-config');
    const r = await cli(['build', '--api', api.url, '--out', 'out', '--now', TEST_NOW], { cwd });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stderr).toMatch(/^error PR_CONFIG_NO_SITE: No configuration file gives this site's name \(site\.name: --site-name or PRESSROOM_SITE_NAME\) and address \(site\.url: --site-url or PRESSROOM_SITE_URL\)/m);
    expect(r.stderr).toContain(`the API ${api.url} (set by --api)`);
    expect(await readdir(cwd)).toEqual([]);
    // Only the address missing: only the address is named.
    const named = await cli(['build', '--out', 'out'], { cwd, env: { PRESSROOM_API: api.url, PRESSROOM_SITE_NAME: 'Harbour Tech' } });
    expect(named.code).toBe(3);
    expect(named.stderr).toMatch(/gives this site's address \(site\.url: --site-url or PRESSROOM_SITE_URL\): a build of the API .* \(set by PRESSROOM_API\)/);
    const watch = await cli(['watch', '--api', api.url, '--out', 'out', '--port', '0', '--poll', 'off'], { cwd, env: { PRESSROOM_WEBHOOK_SECRET: 's3cret' } });
    expect(watch.code, watch.stdout + watch.stderr).toBe(3);
    expect(watch.stderr).toMatch(/PR_CONFIG_NO_SITE/);
    expect(await readdir(cwd)).toEqual([]);
  });

  it('`pressroom check`, which publishes nothing, still checks an API from such a folder', async () => {
    const cwd = await emptyFolder('check-only');
    const r = await cli(['check', '--api', api.url], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/all \d+ endpoint checks passed/);
    expect(await readdir(cwd)).toEqual([]);
  });

  it('builds with the name and address given as flags, none of the sample\'s identity; the summary names the folder, the source and the time since start', async () => {
    const cwd = await emptyFolder('flags-only');
    const r = await cli(['build', '--api', api.url, '--site-name', 'Harbour Tech', '--site-url', 'https://news.harbour.example', '--out', 'out', '--now', TEST_NOW, '--json'], { cwd });
    expect(r.code, r.stderr).toBe(0);
    const home = await readFile(join(cwd, 'out', 'index.html'), 'utf8');
    expect(home).toContain('<title>Harbour Tech</title>');
    expect(home).toContain('https://news.harbour.example/');
    // The sample publication's address and accounts (config/site.json) are not published.
    const sample = JSON.parse(await readFile(join(ROOT, 'config/site.json'), 'utf8'));
    expect(home).not.toContain(sample.site.url);
    expect(home).not.toContain(sample.site.twitterHandle);
    // The text summary names the output folder and the source.
    const report = JSON.parse(r.stdout);
    const summary = r.stderr.split('\n').find((l) => l.startsWith('built '));
    expect(summary).toMatch(new RegExp(`^built ${report.pages} pages, .* into out from ${api.url.replace(/[.]/g, '\\.')} in \\d+\\.\\d s \\(\\d+ pages/s\\)`));
    // Its saved snapshot, rendered again from this folder without the name and address: the
    // sample's configuration would stand in, so the build stops once it knows the content is an API's.
    const again = await cli(['build', '--from-snapshot', '.pressroom/snapshot', '--out', 'again', '--now', TEST_NOW], { cwd });
    expect(again.code, again.stderr).toBe(3);
    expect(again.stderr).toContain(`error PR_CONFIG_NO_SITE: No configuration file gives this site's name (site.name) and address (site.url): the content was crawled from the API ${api.url}`);
    expect(await exists(join(cwd, 'again'))).toBe(false);
  });
});

describe('the sample and a site of an API in one output folder (docs/decisions/0106-sample-yields-to-your-site.md)', () => {
  it('a build of an API replaces the sample without the shrink gate and says so; the sample is then refused, with how to build it apart', async () => {
    const dir = join(tmp.dir, 'sample-then-api');
    // The sample as `npm start` builds it (150 posts); the API has the fewest posts the corpus makes.
    const sample = await buildInto(dir, { sample: true, handleSignals: false });
    const events: BuildEvent[] = [];
    const own = await buildInto(dir, { api: api.url, handleSignals: false, onEvent: (e) => events.push(e) });
    // The gate would have stopped this: far fewer routes than the sample's.
    expect(own.routes).toBeLessThan(sample.routes * 0.9);
    expect(own.source).toEqual({ kind: 'api', base: api.url });
    expect(events).toContainEqual({ type: 'info', message: expect.stringMatching(/holds the embedded sample site: this build of .* replaces it/) });
    const err = await buildInto(dir, { sample: true, handleSignals: false }).catch((e: unknown) => e);
    expect(isPressroomError(err) && err.code).toBe('PR_SAMPLE_OVER_API');
    expect(isPressroomError(err) && err.message).toContain(`built from the API ${api.url}`);
    expect(isPressroomError(err) && err.hint).toContain('pressroom build --sample --out out-sample && pressroom serve --out out-sample');
    expect(isPressroomError(err) && err.hint).toMatch(/To start fresh with the sample instead, remove .*out and the \.pressroom\/ folder/);
  });
});

describe('messages', () => {
  it('PR_API_UNREACHABLE names where the API address was set: the file key, PRESSROOM_API or --api', async () => {
    const port = await closedPort();
    const down = `http://127.0.0.1:${port}`;
    const file = join(tmp.dir, 'down.json');
    await writeFile(file, JSON.stringify({ site: { name: 'Harbour Tech', url: 'https://harbour.example' }, api: { base: down }, crawl: { retries: 0 } }));
    const retriesNone = join(tmp.dir, 'no-retries.json');
    await writeFile(retriesNone, JSON.stringify({ site: { name: 'Harbour Tech', url: 'https://harbour.example' }, crawl: { retries: 0 } }));
    const out = join(tmp.dir, 'down-out');
    const fromFile = await cli(['build', '--config', file, '--out', out]);
    expect(fromFile.code, fromFile.stderr).toBe(4);
    expect(fromFile.stderr).toMatch(/^error PR_API_UNREACHABLE: /m);
    expect(fromFile.stderr).toContain(`hint: Check the API address, set by api.base in ${file}, and that the service is up`);
    const fromEnv = await cli(['build', '--config', retriesNone, '--out', out], { env: { PRESSROOM_API: down } });
    expect(fromEnv.stderr).toContain('hint: Check the API address, set by PRESSROOM_API, and');
    const fromFlag = await cli(['build', '--config', retriesNone, '--api', down, '--out', out]);
    expect(fromFlag.stderr).toContain('hint: Check the API address, set by --api, and');
    expect(await exists(out)).toBe(false);
  });

  it('-v prints the version, as --version and -V do', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    for (const flag of ['-v', '--version', '-V']) expect(await cli([flag])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
  });
});

/** A port nothing listens on (bound, then closed): connections to it are refused at once. */
function closedPort(): Promise<number> {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => ok(port));
    });
  });
}
