// A real full disk, a read-only one and a folder the user may not write,
// where the machine allows them: a small
// tmpfs mounted beside the test (root, and a kernel that lets it mount), and
// a build run as nobody in a folder of mode 555 (root writes anywhere). Each
// failed build exits 6 with PR_OUTPUT_WRITE, leaves nothing beside out/, and
// once space is back the next build publishes. Where nothing can be mounted,
// tests/integration/write-faults.test.ts injects the same errors at every write path.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleApi } from '../../src/sample-api/index.ts';
import { debrisBeside, treeHashes } from '../helpers/files.ts';
import { BIN, ROOT, spawnCli, startTestApi, tempDir, TEST_NOW, withoutWriteAccess } from '../helpers/pressroom.ts';

/** Whether this machine lets the test mount a tmpfs (and unmount it): root on Linux, not in every container. */
function canMount(): boolean {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = join(tmpdir(), `pressroom-mount-probe-${process.pid}`);
  try {
    execFileSync('mkdir', ['-p', probe]);
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    try {
      execFileSync('rmdir', [probe], { stdio: 'ignore' });
    } catch {
      /* never made */
    }
  }
}

let api: SampleApi;
beforeAll(async () => {
  api = await startTestApi({ posts: 16 });
});
afterAll(async () => {
  await api?.close();
});

const buildArgs = (out: string) => ['build', '--api', api.url, '--out', out, '--now', TEST_NOW, '--workers', '0', '--quiet'];

function expectOutputError(run: { stderr(): string }, code: number | null, errno: RegExp) {
  expect(code, run.stderr()).toBe(6);
  expect(run.stderr()).toMatch(/^error PR_OUTPUT_WRITE: Cannot write /m);
  expect(run.stderr()).toMatch(errno);
  expect(run.stderr()).not.toMatch(/PR_INTERNAL|This is a bug/);
}

/** Writes zeros into `file` until the disk is full; what is left is no room for a write of a page. */
async function fillDisk(file: string): Promise<void> {
  const fh = await open(file, 'w');
  const chunk = Buffer.alloc(1 << 16);
  try {
    for (;;) await fh.write(chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    await fh.close();
  }
}

describe.skipIf(!canMount())('on a small tmpfs', () => {
  let disk: string;
  beforeAll(async () => {
    disk = (await tempDir('pressroom-full-disk-')).dir;
    // Room for the crawl and part of emit's staging folder, not for the site (about 18 MB on tmpfs).
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', disk]);
  });
  afterAll(async () => {
    if (!disk) return;
    execFileSync('umount', [disk], { stdio: 'ignore' });
    await rm(disk, { recursive: true, force: true });
  });

  it('a build that fills the disk, then one on a full disk, then one on a read-only disk fail with exit 6 and leave nothing; with room again the next publishes', async () => {
    const out = join(disk, 'out');
    const first = spawnCli(buildArgs(out));
    expectOutputError(first, (await first.exit).code, /ENOSPC/);
    expect(existsSync(out)).toBe(false);
    expect(await debrisBeside(disk)).toEqual([]);

    // Room for one site: the build publishes.
    execFileSync('mount', ['-o', 'remount,size=64m', disk]);
    const second = spawnCli(buildArgs(out));
    expect((await second.exit).code, second.stderr()).toBe(0);
    const published = await treeHashes(out);

    // Not a byte left: even the run lock cannot be written (its private file was left, 0 bytes, before).
    const filler = join(disk, 'filler');
    await fillDisk(filler);
    const post = api.corpus.posts.find((p) => p.status === 'publish')!;
    api.mutate.editPost(post.id, { post_title: 'Written to a full disk' });
    const full = spawnCli(buildArgs(out));
    expectOutputError(full, (await full.exit).code, /ENOSPC/);
    expect(await treeHashes(out)).toEqual(published);
    expect(await debrisBeside(disk)).toEqual([]);
    await rm(filler);

    execFileSync('mount', ['-o', 'remount,ro', disk]);
    const readOnly = spawnCli(buildArgs(out));
    try {
      expectOutputError(readOnly, (await readOnly.exit).code, /EROFS/);
    } finally {
      execFileSync('mount', ['-o', 'remount,rw', disk]);
    }

    const last = spawnCli(buildArgs(out));
    expect((await last.exit).code, last.stderr()).toBe(0);
    expect(await treeHashes(out)).not.toEqual(published);
    expect(await debrisBeside(disk)).toEqual([]);
  });
});

const unprivileged = process.platform === 'win32' ? undefined : withoutWriteAccess();

describe.skipIf(!unprivileged)('in a folder the user may not write', () => {
  it('the build exits 6 with PR_OUTPUT_WRITE naming the lock (was PR_INTERNAL with a stack trace)', async () => {
    const { dir: parent, cleanup } = await tempDir('pressroom-eacces-');
    try {
      const folder = join(parent, 'site');
      await mkdir(folder);
      await chmod(parent, 0o755);
      await chmod(folder, 0o555);
      // root writes anywhere: the build then runs as nobody, for whom the mode holds.
      const child = spawn(process.execPath, [BIN, ...buildArgs(join(folder, 'out'))], {
        cwd: ROOT,
        env: { ...process.env, FORCE_COLOR: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
        ...unprivileged,
      });
      let stderr = '';
      child.stderr!.on('data', (d) => (stderr += d));
      const code = await new Promise<number | null>((ok) => child.on('close', ok));
      expectOutputError({ stderr: () => stderr }, code, /out\.lock: EACCES/);
      expect(await debrisBeside(folder)).toEqual([]);
    } finally {
      await chmod(join(parent, 'site'), 0o755).catch(() => undefined);
      await cleanup();
    }
  });
});
