// PLACEHOLDER, replaced by the S3 target's own module: it only lets the registry (./index.ts)
// type-check until then. Every call fails with PR_DEPLOY_TARGET "not built".
import { pressroomError } from '../../errors/errors.ts';
import type { DeployTarget, TargetConfig } from '../types.ts';

type S3Config = Extract<TargetConfig, { type: 's3' }>;

export function s3Target(config: S3Config, _ctx: { out: string; env?: Record<string, string | undefined> }): DeployTarget {
  const notBuilt = () => Promise.reject(pressroomError('PR_DEPLOY_TARGET', { target: config.name, type: 's3', detail: 'the S3 target is not built yet' }));
  return { name: config.name, type: 's3', readMarker: notBuilt, apply: notBuilt };
}
