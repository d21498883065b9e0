// The rsync target (docs/deploying.md, "rsync"): a folder on this machine or another one over ssh.
// rsync reads files by path, so each deploy first links the change's files from the object store
// into a private stage folder beside out/ (hard links: no bytes copied, and immune to the next
// publish changing out/). Then one rsync call per phase, in order, with `--files-from` naming
// exactly the phase's files (`--ignore-times`: they changed by definition, so rsync's size+mtime
// check must not skip one); then one call that deletes, `--delete-missing-args` with the deleted
// paths, which the stage does not have; then the marker `.pressroom/deploy.json`, last.
// `ssh` is passed to rsync as `-e` (e.g. "ssh -p 2222 -i /etc/pressroom/deploy_key").
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { carryFile, listTree } from '../../files/links.ts';
import { killPoint } from '../../runtime/kill-point.ts';
import { pidAlive } from '../../publish/lock.ts';
import { deployDirFor, markerText, parseMarker, TARGET_MARKER } from '../marker.ts';
import { exec, run, toolFailed } from '../exec.ts';
import type { ApplyContext, ApplyReport, DeployChange, DeployTarget, TargetConfig } from '../types.ts';

type RsyncConfig = Extract<TargetConfig, { type: 'rsync' }>;

/** rsync's own rule: `host:path` and `rsync://` are remote, unless a '/' comes before the ':'. */
export function isRemoteDest(dest: string): boolean {
  if (dest.startsWith('rsync://')) return true;
  const colon = dest.indexOf(':');
  const slash = dest.indexOf('/');
  return colon > 0 && (slash < 0 || colon < slash);
}

export function rsyncTarget(config: RsyncConfig, ctx: { out: string; env?: Record<string, string | undefined> }): DeployTarget {
  const remote = isRemoteDest(config.dest);
  const dest = remote ? config.dest.replace(/\/?$/, '/') : `${resolve(config.dest)}/`;
  const base = ['-rt', '--perms', '--chmod=D755,F644', '--mkpath', ...(config.ssh ? ['-e', config.ssh] : [])];
  const me = { name: config.name, type: 'rsync' as const };
  const env = ctx.env ? { ...process.env, ...ctx.env } : process.env;
  const stageRoot = deployDirFor(ctx.out);

  /** Sends the listed paths (relative to `from`) to the destination; each rsync call is one request. */
  async function send(from: string, paths: readonly string[], extra: string[] = []): Promise<void> {
    if (paths.length === 0) return;
    await run(me, 'rsync', [...base, ...extra, '--from0', '--files-from=-', `${from}/`, dest], { input: paths.join('\0') + '\0', env });
  }

  /**
   * Removes the folders the deletions emptied, deepest first, one call a depth: rsync deletes a missing
   * folder only when it is empty (a non-empty one, which still holds pages, is kept and named on stderr),
   * so none that holds a file is touched. `emptied` comes from the release (../changes.ts emptiedFolders);
   * without it, every folder of a deleted path is tried. Returns the calls made.
   */
  async function removeEmptied(stage: string, deletions: readonly string[], emptied: readonly string[] | undefined): Promise<number> {
    const byDepth = new Map<number, Set<string>>();
    const folders = emptied ?? deletions.flatMap((p) => p.split('/').slice(0, -1).map((_, d, parts) => parts.slice(0, d + 1).join('/')));
    for (const dir of folders) {
      if (dir === '.pressroom') continue;
      const d = dir.split('/').length;
      (byDepth.get(d) ?? byDepth.set(d, new Set()).get(d)!).add(dir);
    }
    let calls = 0;
    for (const depth of [...byDepth.keys()].sort((a, b) => b - a)) {
      const empty = join(stage, `.emptied-${depth}`);
      const dirs = [...byDepth.get(depth)!].sort();
      for (const d of dirs) await mkdir(join(empty, d, '..'), { recursive: true });
      await send(empty, dirs, ['--delete-missing-args', '--no-implied-dirs']);
      calls += 1;
    }
    return calls;
  }

  return {
    ...me,
    async readMarker() {
      if (!remote) return parseMarker(await readFile(join(dest, TARGET_MARKER), 'utf8').catch(() => undefined));
      const tmp = join(stageRoot, `${config.name}.marker-${process.pid}`);
      await mkdir(stageRoot, { recursive: true });
      try {
        const r = await exec('rsync', [...(config.ssh ? ['-e', config.ssh] : []), `${dest}${TARGET_MARKER}`, tmp], { env });
        // 23: the file is not there (a first deploy); anything else is the target failing.
        if (r.code === 23) return undefined;
        if (r.code !== 0) throw toolFailed(me, 'rsync', r);
        return parseMarker(await readFile(tmp, 'utf8'));
      } finally {
        await rm(tmp, { force: true });
      }
    },

    async apply(change: DeployChange, actx: ApplyContext): Promise<ApplyReport> {
      const report: ApplyReport = { uploaded: 0, bytes: 0, deleted: 0, requests: 0 };
      if (actx.dryRun) return report;
      // A stage a killed deploy left is of no use: its files are the next change's or not at all
      // (a live process's is its own: a watcher's deploy and `pressroom deploy` may run side by side).
      for (const n of await readdir(stageRoot).catch(() => [] as string[])) {
        const pid = Number(n.slice(`${config.name}.stage-`.length));
        if (n.startsWith(`${config.name}.stage-`) && pid !== process.pid && !pidAlive(pid)) await rm(join(stageRoot, n), { recursive: true, force: true });
      }
      const stage = join(stageRoot, `${config.name}.stage-${process.pid}`);
      const dirs = new Map<string, Promise<unknown>>();
      const total = change.phases.reduce((n, p) => n + p.files.length, 0);
      try {
        await mkdir(stage, { recursive: true });
        for (const { phase, files } of change.phases) {
          for (const f of files) await carryFile(f.source, join(stage, f.path), dirs);
          await send(stage, files.map((f) => f.path), ['--ignore-times']);
          report.requests += 1;
          report.uploaded += files.length;
          report.bytes += files.reduce((n, f) => n + f.size, 0);
          actx.onProgress?.(report.uploaded, total);
          killPoint(`deploy-${phase}`);
          await actx.onPhase?.(phase);
        }
        if (change.deletions.length) {
          // Paths the stage does not have: --delete-missing-args removes them from the destination. Their
          // folders must be in the stage (a missing parent is an error), but not be sent (--no-implied-dirs).
          for (const p of change.deletions) await mkdir(join(stage, p, '..'), { recursive: true });
          await send(stage, change.deletions, ['--delete-missing-args', '--no-implied-dirs']);
          report.requests += 1;
          report.deleted = change.deletions.length;
          report.requests += await removeEmptied(stage, change.deletions, change.emptied);
        }
        killPoint('deploy-deletions');
        await mkdir(join(stage, '.pressroom'), { recursive: true });
        await writeFile(join(stage, TARGET_MARKER), markerText(change.to));
        await send(stage, [TARGET_MARKER], ['--ignore-times']);
        report.requests += 1;
      } finally {
        await rm(stage, { recursive: true, force: true });
      }
      return report;
    },

    async list() {
      const found = new Map<string, { sha256?: string; size?: number }>();
      if (!remote) {
        const root = dest.slice(0, -1);
        for (const p of await listTree(root).catch(() => [] as string[])) {
          if (p.startsWith('.pressroom/')) continue;
          const bytes = await readFile(join(root, p));
          found.set(p, { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length });
        }
        return found;
      }
      // Over ssh only sizes are cheap to list; `--verify` sends a file whose size differs (or is missing).
      const r = await run(me, 'rsync', [...(config.ssh ? ['-e', config.ssh] : []), '-r', '--list-only', dest], { env });
      for (const line of r.stdout.split('\n')) {
        const m = /^-\S+\s+([\d,.]+)\s+\S+\s+\S+\s+(.+)$/.exec(line);
        if (!m || m[2].startsWith('.pressroom/')) continue;
        found.set(m[2], { size: Number(m[1].replace(/[,.]/g, '')) });
      }
      return found;
    },
  };
}

/** `pressroom check`: the destination folder exists and can be written (a local one), or rsync reaches it. */
export async function checkRsync(config: RsyncConfig, env?: Record<string, string | undefined>): Promise<string | null> {
  if (!isRemoteDest(config.dest)) {
    const dir = resolve(config.dest);
    const probe = join(dir, `.pressroom-check-${process.pid}`);
    try {
      await mkdir(dir, { recursive: true });
      await writeFile(probe, '');
      await rm(probe, { force: true });
      return null;
    } catch (e) {
      return `${dir} cannot be written: ${(e as Error).message}`;
    }
  }
  const r = await exec('rsync', [...(config.ssh ? ['-e', config.ssh] : []), '--list-only', config.dest.replace(/\/?$/, '/')], { env: env ? { ...process.env, ...env } : undefined });
  return r.code === 0 ? null : `rsync cannot list ${config.dest} (exit ${r.code}): ${r.stderr.trim().split('\n').pop() ?? ''}`;
}

