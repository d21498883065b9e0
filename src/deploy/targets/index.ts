// The registry of deploy targets: a target's configuration to the module that deploys to it.
import type { DeployTarget, TargetConfig } from '../types.ts';
import { commandTarget } from './command.ts';
import { gitTarget } from './git.ts';
import { rsyncTarget } from './rsync.ts';

/** What every target is made with: the output folder whose releases it receives, and the environment its credentials come from. */
export interface TargetContext {
  out: string;
  env?: Record<string, string | undefined>;
}

export function targetFor(config: TargetConfig, ctx: TargetContext): DeployTarget {
  switch (config.type) {
    case 's3':
      return lazyTarget(config, () => import('./s3.ts').then((m) => m.s3Target(config, ctx)));
    case 'rsync':
      return rsyncTarget(config, ctx);
    case 'git':
      return gitTarget(config, ctx);
    case 'command':
      return commandTarget(config, ctx);
  }
}

/**
 * A target whose module is imported when it first acts. The S3 target's SDK takes 0.4-0.9 s to load
 * (measured on this 2-core machine), which every build paid, deploying or not: a cold
 * `build --changed` or a scheduled run that finds nothing changed no longer does.
 */
function lazyTarget(config: TargetConfig, make: () => Promise<DeployTarget>): DeployTarget {
  let made: Promise<DeployTarget> | undefined;
  const target = () => (made ??= make());
  return {
    name: config.name,
    type: config.type,
    readMarker: async () => (await target()).readMarker(),
    apply: async (change, ctx) => (await target()).apply(change, ctx),
    list: async () => {
      const t = await target();
      if (!t.list) throw new Error(`deploy target ${config.name} cannot list what it holds`);
      return t.list();
    },
    close: async () => {
      if (made) await (await made).close?.();
    },
  };
}
