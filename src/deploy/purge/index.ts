// PLACEHOLDER, replaced by the purgers' own module: it only lets the deploy (../index.ts)
// type-check until then. A purger fails with PR_DEPLOY_TARGET "not built"; purgePaths gives
// each changed file's URL path under the base path, in its plain form only.
import { pressroomError } from '../../errors/errors.ts';
import type { PurgeConfig, Purger } from '../types.ts';

export function purgerFor(config: PurgeConfig, _env: Record<string, string | undefined>): Purger {
  return { name: config.name, type: config.type, purge: () => Promise.reject(pressroomError('PR_DEPLOY_TARGET', { target: config.name, type: config.type, detail: 'the purgers are not built yet' })) };
}

export function purgePaths(changedFiles: string[], site: { basePath: string; trailingSlash?: boolean }): string[] {
  return changedFiles.map((f) => `${site.basePath}/${f}`);
}
