// `pressroom check` for the deploy targets: each is tried where that is cheap and changes nothing
// on it. rsync: a local destination can be written (a probe file made and removed), a remote one
// answers `rsync --list-only`; git: the remote answers `git ls-remote`; command: its program is on
// PATH (Pressroom cannot tell more without running it). Any other type (s3) reads its marker through
// the target itself, the extension point for targets whose check is their own.
import { isPressroomError } from '../errors/errors.ts';
import { exec } from './exec.ts';
import { checkGit } from './targets/git.ts';
import { targetFor } from './targets/index.ts';
import { checkRsync } from './targets/rsync.ts';
import type { TargetConfig } from './types.ts';

export interface TargetCheck {
  name: string;
  type: TargetConfig['type'];
  ok: boolean;
  /** What was tried, or what failed. */
  detail: string;
}

export async function checkTarget(config: TargetConfig, ctx: { out: string; env?: Record<string, string | undefined> }): Promise<TargetCheck> {
  const done = (problem: string | null, tried: string): TargetCheck => ({ name: config.name, type: config.type, ok: problem === null, detail: problem ?? tried });
  switch (config.type) {
    case 'rsync':
      return done(await checkRsync(config, ctx.env), `${config.dest} can be written`);
    case 'git':
      return done(await checkGit(config, ctx.env), `${config.remote} answers git ls-remote`);
    case 'command': {
      const program = config.run.trim().split(/\s+/)[0];
      const r = await exec('sh', ['-c', `command -v "$1"`, 'sh', program], { env: { ...process.env, ...ctx.env } });
      return done(r.code === 0 ? null : `${program} is not on PATH`, `${program} is on PATH (the command itself runs only at deploy)`);
    }
    default:
      try {
        const marker = await targetFor(config, ctx).readMarker();
        return done(null, marker ? `holds release ${marker.release}` : 'reachable, nothing deployed yet');
      } catch (e) {
        return done(isPressroomError(e) ? e.message : String(e), '');
      }
  }
}
