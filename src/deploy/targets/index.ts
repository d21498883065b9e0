// The registry of deploy targets: a target's configuration to the module that deploys to it.
import type { DeployTarget, TargetConfig } from '../types.ts';
import { commandTarget } from './command.ts';
import { gitTarget } from './git.ts';
import { rsyncTarget } from './rsync.ts';
import { s3Target } from './s3.ts';

/** What every target is made with: the output folder whose releases it receives, and the environment its credentials come from. */
export interface TargetContext {
  out: string;
  env?: Record<string, string | undefined>;
}

export function targetFor(config: TargetConfig, ctx: TargetContext): DeployTarget {
  switch (config.type) {
    case 's3':
      return s3Target(config, ctx);
    case 'rsync':
      return rsyncTarget(config, ctx);
    case 'git':
      return gitTarget(config, ctx);
    case 'command':
      return commandTarget(config, ctx);
  }
}
