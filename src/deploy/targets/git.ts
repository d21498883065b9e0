// The git target (docs/deploying.md, "git branch": GitHub Pages, GitLab Pages, any git host): one
// commit per deploy holding only the change and the marker, pushed to `branch` of `remote`.
// No work tree: a bare clone cache beside out/ (`.pressroom/<out>/deploy/<name>.git`) holds the
// branch; the commit is made with plumbing on a temporary index (GIT_INDEX_FILE): the branch's
// tree read in, `update-index --index-info` with the changed paths' blobs (hash-object of the
// release's objects) and removals, write-tree, commit-tree, push. The cost is the change, whatever
// the site's size (git stores trees by content, so the untouched folders are shared).
//
// Decision: the branch on the remote is fetched before each deploy, and the commit is made on its
// tip: commits someone else pushed (a CNAME file, a .nojekyll) are kept, and the marker read from
// that tip says what the branch holds. A push refused because the branch moved meanwhile is retried
// once on the new tip; then it fails with PR_DEPLOY_TARGET. The first deploy creates the branch.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { killPoint } from '../../runtime/kill-point.ts';
import { deployDirFor, markerText, parseMarker, TARGET_MARKER } from '../marker.ts';
import { exec, run, toolFailed } from '../exec.ts';
import type { ApplyContext, ApplyReport, DeployChange, DeployTarget, TargetConfig } from '../types.ts';

type GitConfig = Extract<TargetConfig, { type: 'git' }>;

const IDENTITY = { GIT_AUTHOR_NAME: 'Pressroom', GIT_AUTHOR_EMAIL: 'pressroom@localhost', GIT_COMMITTER_NAME: 'Pressroom', GIT_COMMITTER_EMAIL: 'pressroom@localhost' };
const ZERO = '0'.repeat(40);

export function gitTarget(config: GitConfig, ctx: { out: string; env?: Record<string, string | undefined> }): DeployTarget {
  const me = { name: config.name, type: 'git' as const };
  const cache = join(deployDirFor(ctx.out), `${config.name}.git`);
  const tracking = `refs/pressroom/${config.branch}`;
  // The operator's identity and ssh settings win over Pressroom's defaults.
  const env = { ...IDENTITY, ...process.env, ...ctx.env, GIT_TERMINAL_PROMPT: '0' };
  const git = (args: string[], opts: { input?: string; env?: Record<string, string>; okCodes?: number[] } = {}) => run(me, 'git', ['--git-dir', cache, ...args], { ...opts, env: { ...env, ...opts.env } });

  async function ensureCache(): Promise<void> {
    if (await stat(join(cache, 'HEAD')).then(() => true, () => false)) return;
    await mkdir(cache, { recursive: true });
    await run(me, 'git', ['init', '--bare', '--quiet', cache], { env });
  }

  /** Fetches the remote's branch; its tip, or undefined when the branch does not exist yet. */
  async function fetchTip(): Promise<string | undefined> {
    await ensureCache();
    const r = await exec('git', ['--git-dir', cache, 'fetch', '--quiet', '--no-tags', '--depth=1', config.remote, `+refs/heads/${config.branch}:${tracking}`], { env });
    if (r.code !== 0) {
      if (!/couldn't find remote ref|could not find remote ref/i.test(r.stderr)) throw toolFailed(me, 'git fetch', r);
      await exec('git', ['--git-dir', cache, 'update-ref', '-d', tracking], { env });
      return undefined;
    }
    return (await git(['rev-parse', '--verify', `${tracking}^{commit}`])).stdout.trim();
  }

  /** One commit of the change on `tip` (none: the branch's first). */
  async function commitOn(tip: string | undefined, change: DeployChange): Promise<string> {
    const index = join(deployDirFor(ctx.out), `${config.name}.index-${process.pid}`);
    const withIndex = { env: { GIT_INDEX_FILE: index } };
    await rm(index, { force: true });
    try {
      if (tip) await git(['read-tree', tip], withIndex);
      else await git(['read-tree', '--empty'], withIndex);
      const files = change.phases.flatMap((p) => p.files);
      const lines: string[] = [];
      if (files.length) {
        const shas = (await git(['hash-object', '-w', '--stdin-paths'], { input: files.map((f) => f.source).join('\n') + '\n' })).stdout.trim().split('\n');
        files.forEach((f, i) => lines.push(`100644 ${shas[i]}\t${f.path}`));
      }
      for (const p of change.deletions) lines.push(`0 ${ZERO}\t${p}`);
      const marker = (await git(['hash-object', '-w', '--stdin'], { input: markerText(change.to) })).stdout.trim();
      lines.push(`100644 ${marker}\t${TARGET_MARKER}`);
      await git(['update-index', '-z', '--index-info'], { ...withIndex, input: lines.join('\0') + '\0' });
      const tree = (await git(['write-tree'], withIndex)).stdout.trim();
      const message = (config.message ?? 'pressroom: release {release}').replace('{release}', change.to.release);
      const body = `${message}\n\n${files.length} files changed, ${change.deletions.length} removed${change.full ? ' (every file sent)' : ''}\n`;
      return (await git(['commit-tree', tree, ...(tip ? ['-p', tip] : []), '-F', '-'], { input: body })).stdout.trim();
    } finally {
      await rm(index, { force: true });
    }
  }

  return {
    ...me,
    async readMarker() {
      const tip = await fetchTip();
      if (!tip) return undefined;
      const r = await git(['cat-file', 'blob', `${tip}:${TARGET_MARKER}`], { okCodes: [128] });
      return r.code === 0 ? parseMarker(r.stdout) : undefined;
    },

    async apply(change: DeployChange, actx: ApplyContext): Promise<ApplyReport> {
      const files = change.phases.flatMap((p) => p.files);
      const report: ApplyReport = { uploaded: files.length, bytes: files.reduce((n, f) => n + f.size, 0), deleted: change.deletions.length, requests: 0 };
      if (actx.dryRun) return { uploaded: 0, bytes: 0, deleted: 0, requests: 0 };
      for (let attempt = 0; ; attempt++) {
        const tip = await fetchTip();
        report.requests += 1;
        const commit = await commitOn(tip, change);
        // A commit is all or nothing: the phases reach readers together, when the push lands.
        killPoint('deploy-hosts');
        const r = await exec('git', ['--git-dir', cache, 'push', '--quiet', config.remote, `${commit}:refs/heads/${config.branch}`], { env });
        report.requests += 1;
        if (r.code === 0) break;
        if (attempt > 0 || !/rejected|non-fast-forward|fetch first/i.test(r.stderr)) throw toolFailed(me, 'git push', r);
      }
      return report;
    },

    async list() {
      const tip = await fetchTip();
      const found = new Map<string, { sha256?: string; size?: number }>();
      if (!tip) return found;
      const listing = (await git(['ls-tree', '-r', '-z', '--full-tree', tip])).stdout.split('\0').filter(Boolean);
      const entries = listing.map((l) => ({ sha: l.slice(l.indexOf(' blob ') + 6, l.indexOf('\t')), path: l.slice(l.indexOf('\t') + 1) })).filter((e) => !e.path.startsWith('.pressroom/'));
      // Each blob's bytes, read once in one process, hashed here (`--verify` only: O(site)).
      const { stdout } = await readBatch(entries.map((e) => e.sha));
      let at = 0;
      for (const e of entries) {
        const nl = stdout.indexOf(0x0a, at);
        const size = Number(stdout.subarray(at, nl).toString().split(' ')[2]);
        const bytes = stdout.subarray(nl + 1, nl + 1 + size);
        found.set(e.path, { sha256: createHash('sha256').update(bytes).digest('hex'), size });
        at = nl + 1 + size + 1;
      }
      return found;
    },
  };

  function readBatch(shas: string[]): Promise<{ stdout: Buffer }> {
    return new Promise((ok, fail) => {
      const child = spawn('git', ['--git-dir', cache, 'cat-file', '--batch'], { env });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (d: Buffer) => chunks.push(d));
      child.on('error', fail);
      child.on('close', (code) => (code === 0 ? ok({ stdout: Buffer.concat(chunks) }) : fail(toolFailed(me, 'git cat-file', { code: code ?? 1, stdout: '', stderr: '' }))));
      child.stdin.end(shas.join('\n') + '\n');
    });
  }
}

/** `pressroom check`: the remote answers `git ls-remote` (its branch may not exist yet). */
export async function checkGit(config: GitConfig, env?: Record<string, string | undefined>): Promise<string | null> {
  const r = await exec('git', ['ls-remote', '--heads', config.remote, config.branch], { env: { ...process.env, ...env, GIT_TERMINAL_PROMPT: '0' } });
  return r.code === 0 ? null : `git ls-remote ${config.remote} failed (exit ${r.code}): ${r.stderr.trim().split('\n').pop() ?? ''}`;
}
