// The command target (docs/deploying.md, "Netlify, Cloudflare Pages, Vercel"): for hosts that take
// a site only through their own CLI. Pressroom runs `run` with `sh -c` in out/'s folder, once per
// deploy, and tells it what changed:
//   PRESSROOM_DEPLOY_CHANGED_FILE  a file listing the paths to upload, one a line, in phase order
//   PRESSROOM_DEPLOY_REMOVED_FILE  a file listing the paths removed, one a line
//   PRESSROOM_DEPLOY_CHANGED       the same lists, newline-joined (paths never hold a newline:
//   PRESSROOM_DEPLOY_REMOVED       emit refuses them), for short scripts; the files for long lists
//   PRESSROOM_DEPLOY_FULL          "1" when every file is listed (a first deploy, --force), else "0"
//   PRESSROOM_RELEASE              the release id being deployed
//   PRESSROOM_OUT                  the absolute path of out/
// A non-zero exit is PR_DEPLOY_TARGET naming the target and the code. Pressroom cannot write on the
// host behind the command, so the marker is kept beside out/ only (the local record).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { pressroomError } from '../../errors/errors.ts';
import { killPoint } from '../../runtime/kill-point.ts';
import { deployDirFor } from '../marker.ts';
import { exec } from '../exec.ts';
import type { ApplyContext, ApplyReport, DeployChange, DeployTarget, TargetConfig } from '../types.ts';

type CommandConfig = Extract<TargetConfig, { type: 'command' }>;

/** Above this the lists are left out of the environment (an exec's argument space is finite): the files carry them. */
export const ENV_LIST_LIMIT = 64 * 1024;

export function commandTarget(config: CommandConfig, ctx: { out: string; env?: Record<string, string | undefined> }): DeployTarget {
  const out = resolve(ctx.out);
  return {
    name: config.name,
    type: 'command',
    // The local record stands for it (./index.ts reads it when a target has no marker of its own).
    readMarker: async () => undefined,
    async apply(change: DeployChange, actx: ApplyContext): Promise<ApplyReport> {
      const files = change.phases.flatMap((p) => p.files);
      const report: ApplyReport = { uploaded: files.length, bytes: files.reduce((n, f) => n + f.size, 0), deleted: change.deletions.length, requests: 1 };
      if (actx.dryRun) return { uploaded: 0, bytes: 0, deleted: 0, requests: 0 };
      const dir = join(deployDirFor(out), `${config.name}.lists-${process.pid}`);
      const changedFile = join(dir, 'changed.txt');
      const removedFile = join(dir, 'removed.txt');
      const changed = files.map((f) => f.path).join('\n');
      const removed = change.deletions.join('\n');
      try {
        await mkdir(dir, { recursive: true });
        await writeFile(changedFile, changed ? `${changed}\n` : '');
        await writeFile(removedFile, removed ? `${removed}\n` : '');
        const env = {
          ...process.env,
          ...ctx.env,
          PRESSROOM_DEPLOY_CHANGED_FILE: changedFile,
          PRESSROOM_DEPLOY_REMOVED_FILE: removedFile,
          PRESSROOM_DEPLOY_CHANGED: changed.length <= ENV_LIST_LIMIT ? changed : '',
          PRESSROOM_DEPLOY_REMOVED: removed.length <= ENV_LIST_LIMIT ? removed : '',
          PRESSROOM_DEPLOY_FULL: change.full ? '1' : '0',
          PRESSROOM_RELEASE: change.to.release,
          PRESSROOM_OUT: out,
          PRESSROOM_DEPLOY_TARGET: config.name,
        };
        const r = await exec('sh', ['-c', config.run], { cwd: dirname(out), env, signal: actx.signal });
        if (r.code !== 0) {
          const tail = r.stderr.trim().split('\n').slice(-3).join(' / ').slice(0, 500);
          throw pressroomError('PR_DEPLOY_TARGET', { target: config.name, type: 'command', detail: `the command exited with code ${r.code}${tail ? `: ${tail}` : ''}` });
        }
        killPoint('deploy-deletions');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
      return report;
    },
  };
}
