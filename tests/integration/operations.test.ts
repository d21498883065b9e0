// docs/operations.md through the real CLI: the run lock (concurrent start exits 7 naming
// the holder; a SIGKILLed build leaves out/ as it was and does not block the
// next run), rollback, releases and `pressroom diff` exit codes (0 equal, 1
// different, 2 trouble; a rebuilt bundle alone is equal). Builds render the
// small fixed snapshot (tests/fixtures/snapshot-small), no API needed.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFileFor } from '../../src/publish/lock.ts';
import { listTree } from '../../src/files/links.ts';
import { listReleases } from '../../src/publish/releases.ts';
import { treeHashes } from '../helpers/files.ts';
import { tempDir } from '../helpers/pressroom.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'cli/bin.cjs');
const SNAPSHOT = join(ROOT, 'tests/fixtures/snapshot-small');
let tmp: Awaited<ReturnType<typeof tempDir>> | undefined;
let root: string;
let out: string;

function start(args: string[], env: Record<string, string> = {}): { child: ChildProcess; done: Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, PRESSROOM_API: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<{ code: number | null; signal: string | null; stdout: string; stderr: string }>((res) =>
    child.on('exit', (code, signal) => setImmediate(() => res({ code, signal, stdout, stderr }))),
  );
  return { child, done };
}
const run = (args: string[], env?: Record<string, string>) => start(args, env).done;
const buildArgs = (now = '2026-01-15T12:00:00Z', extra: string[] = []) => ['build', '--from-snapshot', SNAPSHOT, '--config', join(ROOT, 'config/site.json'), '--out', out, '--now', now, '--quiet', ...extra];

/** Polls `check` until it holds; a condition that never comes is ended by the test's hang limit (vitest.config.ts). */
async function waitFor(check: () => Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 50));
}

beforeAll(async () => {
  tmp = await tempDir('pr-ops-');
  root = tmp.dir;
  out = join(root, 'out');
});
afterAll(async () => {
  await tmp?.cleanup();
});

describe('run lock, releases, rollback and diff through the CLI', () => {
  let firstTree: Record<string, string>;

  it('builds a first release', async () => {
    const r = await run(buildArgs());
    expect(r.code, r.stderr).toBe(0);
    firstTree = await treeHashes(out);
  });

  it('a second build on the same output exits 7 at once naming the holder; after a SIGKILL out/ is intact and the next run succeeds', async () => {
    const holder = start(buildArgs('2026-01-15T12:00:00Z', ['--full']));
    await waitFor(() => stat(lockFileFor(out)).then(() => true, () => false));
    const second = await run(buildArgs());
    expect(second.code).toBe(7);
    expect(second.stderr).toContain('PR_LOCKED');
    expect(second.stderr).toContain(`pid ${holder.child.pid}`);
    // Kill the holder while it works (after its lock, before its publish).
    holder.child.kill('SIGKILL');
    const killed = await holder.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(await treeHashes(out)).toEqual(firstTree);
    const next = await run(buildArgs());
    expect(next.code, next.stderr).toBe(0);
    expect(await treeHashes(out)).toEqual(firstTree);
    // The killed build's staging folder is gone after the next run (src/publish/swap.ts recover).
    expect((await readdir(root)).filter((n) => n.startsWith('out.'))).toEqual([]);
  });

  it('rollback republishes the previous release; releases lists them', async () => {
    const changed = await run(buildArgs(), { PRESSROOM_SITE_URL: 'https://elsewhere.example' });
    expect(changed.code, changed.stderr).toBe(0);
    const secondTree = await treeHashes(out);
    expect(secondTree).not.toEqual(firstTree);
    const rb = await run(['rollback', '--out', out]);
    expect(rb.code, rb.stderr).toBe(0);
    expect(await treeHashes(out)).toEqual(firstTree);
    const list = await run(['releases', '--out', out, '--json']);
    const releases = (JSON.parse(list.stdout) as { releases: { id: string; current: boolean }[] }).releases;
    expect(releases.length).toBeGreaterThanOrEqual(3);
    expect(releases.at(-1)!.current).toBe(false);
    // And forward again by id.
    const fwd = await run(['rollback', '--out', out, '--to', releases.at(-1)!.id]);
    expect(fwd.code, fwd.stderr).toBe(0);
    expect(await treeHashes(out)).toEqual(secondTree);
  });

  it('diff: equal releases exit 0, changed ones exit 1 with a page diff, a missing side exits 2', async () => {
    const releases = await listReleases(out);
    const [a, b] = [releases[0].id, releases.at(-1)!.id];
    const same = await run(['diff', '--out', out, a, a]);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe('No differences.\n');
    const changed = await run(['diff', '--out', out, a, b, '--json']);
    expect(changed.code).toBe(1);
    const r = JSON.parse(changed.stdout) as { equal: boolean; pages: { changed: { file: string; diff: string }[] } };
    expect(r.equal).toBe(false);
    expect(r.pages.changed.length).toBeGreaterThan(0);
    expect(r.pages.changed[0].diff).toMatch(/^@@ /m);
    const text = await run(['diff', '--out', out, a, b]);
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^Routes: \d+ added, \d+ removed, \d+ changed/);
    const bad = await run(['diff', join(root, 'nope'), out]);
    expect(bad.code).toBe(2);
  });

  it('diff: a rebuilt bundle alone (every hashed name different) is equal, exit 0', async () => {
    const copy = join(root, 'rebuilt');
    await cp(out, copy, { recursive: true });
    const files = await listTree(copy);
    const hashed = files.map((f) => /-([A-Z0-9]{8})\.(js|css)$/.exec(f)).filter((m): m is RegExpExecArray => m !== null);
    expect(hashed.length).toBeGreaterThan(0);
    const renames = new Map(hashed.map((m, i) => [m[1], `ZZ${String(i).padStart(6, '0')}`]));
    for (const f of files) {
      let p = join(copy, f);
      const m = /-([A-Z0-9]{8})\.(js|css)$/.exec(f);
      if (m) {
        const np = p.replace(`-${m[1]}.`, `-${renames.get(m[1])}.`);
        await rename(p, np);
        p = np;
      }
      if (!/\.(html|js|css|json|txt|xml|map)$|_headers$|_redirects$/.test(f)) continue;
      let text = await readFile(p, 'utf8');
      for (const [from, to] of renames) text = text.split(from).join(to);
      await writeFile(p, text);
    }
    const r = await run(['diff', out, copy]);
    expect(r.stdout).toBe('No differences.\n');
    expect(r.code).toBe(0);
  });
});
