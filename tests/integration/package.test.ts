// The installable package: `npm pack` (whose prepack compiles dist/) gives a
// tarball that installs into an empty folder and runs from there with neither
// the TypeScript sources nor tsx nor esbuild: `pressroom --version`, a
// `--sample` build (sample API child process, render threads, prebuilt client
// bundle, the configuration that ships with the package) and `pressroom serve`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from '../helpers/pressroom.ts';

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Other Node versions to run the installed package with: node binaries
 * separated by the path delimiter. The machines have Node 20; .ci/run installs
 * Node 22 and 24 (registry packages holding the binary) and names them here.
 */
const OTHER_NODES = (process.env.PRESSROOM_TEST_NODES ?? '').split(delimiter).filter(Boolean);

const childEnv = (): NodeJS.ProcessEnv => ({ ...process.env, FORCE_COLOR: '0' });

function run(cmd: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const ok = (r: Ran, what: string) => expect(r.code, `${what} failed:\n${r.stderr}\n${r.stdout}`).toBe(0);

let tmp: Awaited<ReturnType<typeof tempDir>>;
let tarball: string;
let app: string;
let bin: string;

beforeAll(async () => {
  tmp = await tempDir('pressroom-pack-');
  ok(await run('npm', ['pack', '--pack-destination', tmp.dir], ROOT), 'npm pack');
  const tgz = (await readdir(tmp.dir)).filter((f) => f.endsWith('.tgz'));
  expect(tgz).toHaveLength(1);
  tarball = join(tmp.dir, tgz[0]!);

  // The folder gets a package.json of its own so that npm installs into it,
  // not into a folder above it that happens to hold a node_modules/.
  app = join(tmp.dir, 'app');
  await mkdir(app);
  await writeFile(join(app, 'package.json'), JSON.stringify({ name: 'pressroom-pack-test', private: true }));
  // `npm ci` caches the tarballs but not the registry metadata that a fresh
  // install resolves version ranges with, so --offline cannot resolve them
  // (ENOTCACHED); --prefer-offline reads the metadata once and the tarballs from the cache.
  ok(await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], app), 'npm install');
  bin = join(app, 'node_modules', '.bin', 'pressroom');
});

afterAll(async () => {
  await tmp?.cleanup();
});

describe('the package from `npm pack`', () => {
  it('holds compiled JavaScript and the files found at run time, and no TypeScript sources', async () => {
    const list = await run('tar', ['-tzf', tarball], tmp.dir);
    ok(list, 'tar');
    const files = list.stdout.split('\n').filter(Boolean).map((f) => f.replace(/^package\//, ''));
    for (const f of ['package.json', 'cli/bin.cjs', 'cli/bin.js', 'cli/main.js', 'cli/load.js', 'dist/cli/commands/build.js', 'dist/cli/commands/serve.js', 'dist/src/render/worker.js', 'dist/src/render/thread.cjs', 'dist/src/sample-api/process-child.js', 'dist/client/manifest.json', 'templates/document.html', 'config/site.json']) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => /\.tsx?$/.test(f))).toEqual([]);
    expect(files.filter((f) => f.startsWith('src/') || f.startsWith('tests/'))).toEqual([]);
  });

  it('installs without the development tools it was built with', () => {
    expect(existsSync(join(app, 'node_modules', 'pressroom', 'cli', 'bin.cjs'))).toBe(true);
    for (const dev of ['tsx', 'esbuild', 'jsdom', 'vitest', 'typescript']) expect(existsSync(join(app, 'node_modules', dev)), dev).toBe(false);
  });

  it('`pressroom --version` prints the package version', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8'));
    const r = await run(bin, ['--version'], app);
    ok(r, 'pressroom --version');
    expect(r.stdout).toBe(`${version}\n`);
  });

  it('builds the sample site from an empty folder and serves it', async () => {
    const out = join(tmp.dir, 'site', 'out');
    // Two render threads: the compiled worker entry is started by file name, as the sample API child is.
    const build = await run(bin, ['build', '--sample', '--workers', '2', '--out', out], app);
    ok(build, 'pressroom build --sample');
    // With no config/site.json in the folder, the configuration that ships with the package is used.
    expect(build.stderr).toMatch(/^built \d+ pages/m);
    const index = await readFile(join(out, 'index.html'), 'utf8');
    expect(index).toContain('<title>DevDispatch');
    // The page loads the prebuilt client bundle, and the build published it.
    const entry = /<script type="module" src="\/(assets\/entry-[\w-]+\.js)"/.exec(index);
    expect(entry, 'the entry script tag').not.toBeNull();
    expect(existsSync(join(out, entry![1]!))).toBe(true);

    const serve = spawn(bin, ['serve', '--out', out, '--port', '0'], { cwd: app, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    const closed = new Promise<number | null>((resolve) => serve.on('close', resolve));
    let printed = '';
    let errors = '';
    serve.stderr.on('data', (d) => (errors += d));
    try {
      // It prints its URL on stdout once it listens (port 0: a free one).
      const url = await Promise.race([
        new Promise<string>((resolve) => {
          serve.stdout.on('data', (d) => {
            printed += d;
            const m = /^(http:\/\/\S+)\n/m.exec(printed);
            if (m) resolve(m[1]!);
          });
        }),
        closed.then((code) => Promise.reject(new Error(`serve exited ${code} before printing its URL:\n${errors}`))),
      ]);
      const res = await fetch(`${url}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(index);
    } finally {
      serve.kill('SIGTERM');
    }
    // SIGTERM is how serve is meant to stop: it closes and exits 0.
    expect(await closed, errors).toBe(0);
  });
});

describe('the installed package on the other supported Node versions', () => {
  if (!OTHER_NODES.length) it.skip('no other Node given (PRESSROOM_TEST_NODES)', () => {});
  for (const node of OTHER_NODES) {
    it(`runs --version and a --sample build with ${node}`, async () => {
      const v = await run(node, ['--version'], app);
      ok(v, `${node} --version`);
      // Only versions the package declares: ^22.12 or >= 24.
      const [major, minor] = v.stdout.trim().slice(1).split('.').map(Number);
      expect(major === 22 ? minor! >= 12 : major! >= 24, v.stdout).toBe(true);
      const cli = join(app, 'node_modules', 'pressroom', 'cli', 'bin.cjs');
      ok(await run(node, [cli, '--version'], app), 'pressroom --version');
      const out = join(tmp.dir, `node-${major}`, 'out');
      // The same flags twice (the clock and the thread count are inputs of the code hash).
      const flags = ['build', '--sample', '--now', '2026-01-15T12:00:00Z', '--workers', '2', '--out', out];
      const build = await run(node, [cli, ...flags], app);
      ok(build, `pressroom build --sample on ${v.stdout.trim()}`);
      expect(await readFile(join(out, 'index.html'), 'utf8')).toContain('<title>DevDispatch');
      // A second build reads back the snapshot the first saved beside out/ (incremental).
      const again = await run(node, [cli, ...flags], app);
      ok(again, `the second build on ${v.stdout.trim()}`);
      expect(again.stderr).toMatch(/^incremental: 0 pages rendered/m);
    });
  }
});
