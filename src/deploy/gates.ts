// The deploy's safety gates (docs/deploying.md, "Gates"): a change that deletes many files from a
// live site is more often a broken API or a wrong release than an editor's intent.
//   maxDeletes  per target, default 256 (Hugo's): more deletions than that stop the deploy
//   shrinkGate  the build's gate (src/publish/gate.ts) on the target's file count: the files after
//               the deploy against about those before (after + deletions: additions are not told
//               apart from replacements, so the estimate errs on the side of stopping)
// `--force` opens both (and sends every file). A precompressed sibling's deletion goes with its
// file's and is not counted.
import { pressroomError } from '../errors/errors.ts';
import { shrinkBlocked } from '../publish/gate.ts';
import type { DeployChange } from './types.ts';

export const DEFAULT_MAX_DELETES = 256;

export interface GateInput {
  target: string;
  change: DeployChange;
  /** Files of the release being deployed (the manifest's). */
  siteFiles: number;
  maxDeletes?: number;
  shrinkGate: number;
  force?: boolean;
}

/** The deletions the gates count: files, not their precompressed siblings. */
export const countedDeletions = (deletions: readonly string[]): number => {
  const set = new Set(deletions);
  return deletions.filter((p) => !(/\.(br|gz)$/.test(p) && set.has(p.slice(0, -3)))).length;
};

/** Throws PR_DEPLOY_MAX_DELETES or PR_DEPLOY_SHRINK (exit 8) when the change must not be sent. */
export function checkDeployGates(input: GateInput): void {
  if (input.force) return;
  const count = countedDeletions(input.change.deletions);
  const max = input.maxDeletes ?? DEFAULT_MAX_DELETES;
  if (count > max) throw pressroomError('PR_DEPLOY_MAX_DELETES', { target: input.target, count, max });
  const previous = input.siteFiles + count;
  if (shrinkBlocked({ count: input.siteFiles, previous, shrinkGate: input.shrinkGate })) throw pressroomError('PR_DEPLOY_SHRINK', { target: input.target, count: input.siteFiles, previous });
}
